import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from '#shared/zod';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type AdminWebinar, recordingInputSchema, WEBINAR_LIMITS, webinarInputSchema } from '#shared/webinars/webinars';
import { MarkdownField } from '../../../components/editor/markdown-field';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { apiRequest, errorText } from '../../../lib/api';
import { Confirm, smallButton, smallDeleteButton } from '../../../components/ui/confirm';
import { type AdminTime, useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { showFieldErrors } from '../show-field-errors';
import { AdminSection, EmptyList } from '../admin-section';
import { cancelWebinarText } from '../count-texts';
import { inListOrder } from './webinar-order';

interface WebinarList {
  webinars: AdminWebinar[];
}

/**
 * The admin's Webinars tab: schedule an event on the site's clock, change or cancel it
 * (the people signed up are told), add its recording afterwards, and see and export who signed up.
 */
export function WebinarsPanel() {
  const [editing, setEditing] = useState<AdminWebinar | 'new' | null>(null);
  const list = useAdminQuery<WebinarList>(adminKey('webinars'), adminApiPaths.adminWebinars);
  const time = useAdminTime();
  // The time the list was drawn: a webinar that starts meanwhile shows as held on the next load.
  const [drawnAt] = useState(() => Date.now());
  if (list.isError) return <p role="alert">The webinars could not be loaded. Reload the page to try again.</p>;
  if (!list.data) return <p role="status">Loading the webinars...</p>;
  if (editing) return <WebinarForm webinar={editing === 'new' ? null : editing} timeZone={time.timeZone} onClose={() => setEditing(null)} />;
  const webinars = inListOrder(list.data.webinars, drawnAt);
  return (
    <AdminSection
      title="Webinars"
      intro="Premium members sign up on /webinars; they get the invitation, a reminder a day and an hour before, and the recording when you add it."
      actions={<Button onClick={() => setEditing('new')}>New webinar</Button>}
    >
      {webinars.length === 0 ? (
        <EmptyList>No webinars yet. Schedule the first one with “New webinar”.</EmptyList>
      ) : (
        <ul className="grid gap-3">
          {webinars.map((webinar) => (
            <WebinarRow
              key={webinar.id}
              webinar={webinar}
              time={time}
              past={new Date(webinar.startsAt).getTime() <= drawnAt}
              onEdit={() => setEditing(webinar)}
            />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function WebinarRow({ webinar, time, past, onEdit }: { webinar: AdminWebinar; time: AdminTime; past: boolean; onEdit: () => void }) {
  const [showSignups, setShowSignups] = useState(false);
  const [recording, setRecording] = useState(false);
  const signups = useAdminQuery<{ signups: { email: string; name: string; signedUpAt: string }[] }>(
    adminKey('webinars', webinar.id, 'signups'),
    apiPath(adminApiPaths.adminWebinarSignups, { id: webinar.id }),
    showSignups,
  );
  const cancel = useAdminChange({
    request: () => apiRequest('POST', apiPath(adminApiPaths.adminWebinarCancel, { id: webinar.id }), {}),
    lists: ['webinars'],
    success: 'The webinar is cancelled; everyone signed up is told.',
    failure: 'The webinar was not cancelled.',
  });
  const cancelled = webinar.status === 'cancelled';
  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-stone-900">{webinar.title}</h3>
          <p className="text-sm text-stone-600">
            {time.dateTime(webinar.startsAt)} · {webinar.durationMinutes} minutes · {webinar.signups} signed up
            {webinar.capacity !== null && ` of ${webinar.capacity}`}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${cancelled ? 'bg-stone-200 text-stone-700' : webinar.recordingUrl ? 'bg-green-100 text-green-900' : past ? 'bg-stone-100 text-stone-800' : 'bg-blue-100 text-blue-900'}`}
        >
          {cancelled ? 'Cancelled' : webinar.recordingUrl ? 'Recorded' : past ? 'Held' : 'Upcoming'}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {!cancelled && (
          <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`} onClick={onEdit}>
            Edit
          </button>
        )}
        <button
          type="button"
          aria-expanded={showSignups}
          className={`${smallButton} border border-stone-300 hover:bg-stone-100`}
          onClick={() => setShowSignups(!showSignups)}
        >
          {showSignups ? 'Hide sign-ups' : 'Sign-ups'}
        </button>
        <a
          href={apiPath(adminApiPaths.adminWebinarSignupsCsv, { id: webinar.id })}
          download
          className={`${smallButton} border border-stone-300 hover:bg-stone-100`}
        >
          Export sign-ups (CSV)
        </a>
        {!cancelled && past && (
          <button
            type="button"
            aria-expanded={recording}
            className={`${smallButton} border border-brand-700 text-brand-800 hover:bg-brand-50`}
            onClick={() => setRecording(!recording)}
          >
            {webinar.recordingUrl ? 'Edit the recording' : 'Add the recording'}
          </button>
        )}
        {!cancelled && !past && (
          <Confirm
            title="Cancel this webinar?"
            description={cancelWebinarText(webinar)}
            confirmLabel="Cancel webinar"
            destructive
            onConfirm={() => cancel.mutate(undefined)}
            trigger={
              <button type="button" className={smallDeleteButton}>
                Cancel webinar
              </button>
            }
          />
        )}
      </div>
      {showSignups &&
        (!signups.data ? (
          <p role="status">Loading...</p>
        ) : signups.data.signups.length === 0 ? (
          <p className="text-sm text-stone-700">Nobody has signed up yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm text-stone-800">
            {signups.data.signups.map((signup) => (
              <li key={signup.email} className="break-words">
                {signup.name ? `${signup.name} · ` : ''}
                {signup.email} · {time.dateTime(signup.signedUpAt)}
              </li>
            ))}
          </ul>
        ))}
      {recording && <RecordingForm webinar={webinar} onDone={() => setRecording(false)} />}
    </li>
  );
}

type RecordingValues = z.output<typeof recordingInputSchema>;

function RecordingForm({ webinar, onDone }: { webinar: AdminWebinar; onDone: () => void }) {
  const form = useForm<z.input<typeof recordingInputSchema>, unknown, RecordingValues>({
    resolver: zodResolver(recordingInputSchema),
    defaultValues: { recordingUrl: webinar.recordingUrl ?? '', summary: webinar.recordingSummary, slidesUrl: webinar.slidesUrl ?? '' },
  });
  const { errors } = form.formState;
  const save = useAdminChange({
    request: (recording: RecordingValues) => apiRequest('POST', apiPath(adminApiPaths.adminWebinarRecording, { id: webinar.id }), recording),
    lists: ['webinars'],
    success: () => ({
      title: 'Recording saved',
      description: webinar.recordingUrl ? 'The library shows the new details.' : 'It is in the library, and the people signed up are told.',
    }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (refused) => showFieldErrors(form, refused),
  });
  const onValid = (recording: RecordingValues) => {
    if (!save.isPending) save.mutate(recording, { onSuccess: onDone });
  };
  return (
    <div role="group" aria-label={`Recording of ${webinar.title}`} className="rounded-lg border border-stone-200 bg-stone-50 p-3">
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-3">
        <TextField label="Recording link" type="url" maxLength={WEBINAR_LIMITS.link} error={errors.recordingUrl?.message} {...form.register('recordingUrl')} />
        <TextField
          label="Slides link (optional)"
          type="url"
          maxLength={WEBINAR_LIMITS.link}
          error={errors.slidesUrl?.message}
          {...form.register('slidesUrl')}
        />
        <TextAreaField
          label="Summary (Markdown, optional)"
          rows={5}
          maxLength={WEBINAR_LIMITS.summary}
          error={errors.summary?.message}
          {...form.register('summary')}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save the recording
          </Button>
          <Button size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

type WebinarFields = { title: string; description: string; startsAt: string; durationMinutes: string; roomUrl: string; capacity: string };
type WebinarValues = z.output<typeof webinarInputSchema>;

// The number boxes hold text: the schema sees the numbers they say, and no capacity when empty.
const checkWebinar = zodResolver(webinarInputSchema);
const webinarResolver: Resolver<WebinarFields, unknown, WebinarValues> = (values, context, options) =>
  checkWebinar(
    { ...values, durationMinutes: Number(values.durationMinutes), capacity: values.capacity.trim() === '' ? null : Number(values.capacity) },
    context,
    // The options name the form's fields, which are the schema's; only their types differ (text boxes).
    options as unknown as Parameters<typeof checkWebinar>[2],
  );

function WebinarForm({ webinar, timeZone, onClose }: { webinar: AdminWebinar | null; timeZone: string; onClose: () => void }) {
  const form = useForm<WebinarFields, unknown, WebinarValues>({
    resolver: webinarResolver,
    defaultValues: {
      title: webinar?.title ?? '',
      description: webinar?.description ?? '',
      startsAt: webinar?.startsAtLocal ?? '',
      durationMinutes: String(webinar?.durationMinutes ?? 60),
      roomUrl: webinar?.roomUrl ?? '',
      capacity: webinar?.capacity === null || webinar?.capacity === undefined ? '' : String(webinar.capacity),
    },
  });
  const { errors } = form.formState;
  const save = useAdminChange({
    request: (values: WebinarValues) =>
      webinar ? apiRequest('PUT', apiPath(adminApiPaths.adminWebinar, { id: webinar.id }), values) : apiRequest('POST', adminApiPaths.adminWebinars, values),
    lists: ['webinars'],
    success: (_, values) => ({
      title: 'Webinar saved',
      description:
        webinar && webinar.signups > 0 ? 'If its time, length or title changed, the people signed up are told.' : `“${values.title}” is on /webinars.`,
    }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (refused) => showFieldErrors(form, refused),
  });
  const onValid = (values: WebinarValues) => {
    if (!save.isPending) save.mutate(values, { onSuccess: onClose });
  };
  return (
    <AdminSection
      title={webinar ? 'Edit webinar' : 'New webinar'}
      className="grid max-w-3xl gap-4"
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            Back to webinars
          </Button>
          <Button onClick={() => void form.handleSubmit(onValid)()} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save webinar'}
          </Button>
        </>
      }
    >
      <TextField label="Title" maxLength={WEBINAR_LIMITS.title} error={errors.title?.message} {...form.register('title')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={`Start (${timeZone} time)`}
          type="datetime-local"
          hint="A past date adds an earlier webinar, for its recording."
          error={errors.startsAt?.message}
          {...form.register('startsAt')}
        />
        <TextField
          label="Length (minutes)"
          type="number"
          min={WEBINAR_LIMITS.minMinutes}
          max={WEBINAR_LIMITS.maxMinutes}
          error={errors.durationMinutes?.message}
          {...form.register('durationMinutes')}
        />
        <TextField label="Capacity (optional)" type="number" min={1} hint="Empty: no limit." error={errors.capacity?.message} {...form.register('capacity')} />
      </div>
      <TextField
        label="Video room link"
        type="url"
        hint="Shown only to premium members signed up, from 15 minutes before the start."
        maxLength={WEBINAR_LIMITS.link}
        error={errors.roomUrl?.message}
        {...form.register('roomUrl')}
      />
      <MarkdownField
        control={form.control}
        name="description"
        id="webinar-description"
        label="Description (Markdown)"
        rows={8}
        maxLength={WEBINAR_LIMITS.description}
      />
    </AdminSection>
  );
}
