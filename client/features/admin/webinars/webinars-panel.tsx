import { useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type AdminWebinar, recordingInputSchema, WEBINAR_LIMITS, webinarInputSchema } from '#shared/webinars/webinars';
import { MarkdownEditor } from '../../../components/editor/markdown-editor';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../../lib/api';
import { useQueryClient } from '../../../lib/query-client';
import { Confirm, smallButton } from '../confirm';
import { type AdminTime, useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { AdminSection, EmptyList } from '../admin-section';
import { inListOrder } from './webinar-order';

interface WebinarList {
  webinars: AdminWebinar[];
}

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

/**
 * The admin's Webinars tab (issue 25.1): schedule an event on the site's clock, change or cancel it
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
            description={`“${webinar.title}” is cancelled and the ${webinar.signups} people signed up get an email that removes it from their calendar. This cannot be undone.`}
            confirmLabel="Cancel webinar"
            destructive
            onConfirm={() => cancel.mutate(undefined)}
            trigger={
              <button type="button" className={`${smallButton} border border-red-700 text-red-800 hover:bg-red-50`}>
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

function RecordingForm({ webinar, onDone }: { webinar: AdminWebinar; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ recordingUrl: webinar.recordingUrl ?? '', summary: webinar.recordingSummary, slidesUrl: webinar.slidesUrl ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const checked = recordingInputSchema.safeParse(form);
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    try {
      await apiRequest('POST', apiPath(adminApiPaths.adminWebinarRecording, { id: webinar.id }), checked.data);
      await queryClient.invalidateQueries({ queryKey: adminKey('webinars') });
      toast({
        title: 'Recording saved',
        description: webinar.recordingUrl ? 'The library shows the new details.' : 'It is in the library, and the people signed up are told.',
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else toast({ title: 'Not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <div role="group" aria-label={`Recording of ${webinar.title}`} className="grid gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <TextField
        label="Recording link"
        type="url"
        value={form.recordingUrl}
        maxLength={WEBINAR_LIMITS.link}
        error={errors.recordingUrl}
        onChange={(event) => setForm({ ...form, recordingUrl: event.target.value })}
      />
      <TextField
        label="Slides link (optional)"
        type="url"
        value={form.slidesUrl}
        maxLength={WEBINAR_LIMITS.link}
        error={errors.slidesUrl}
        onChange={(event) => setForm({ ...form, slidesUrl: event.target.value })}
      />
      <TextAreaField
        label="Summary (Markdown, optional)"
        rows={5}
        value={form.summary}
        maxLength={WEBINAR_LIMITS.summary}
        error={errors.summary}
        onChange={(event) => setForm({ ...form, summary: event.target.value })}
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void save()}>
          Save the recording
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function WebinarForm({ webinar, timeZone, onClose }: { webinar: AdminWebinar | null; timeZone: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    title: webinar?.title ?? '',
    description: webinar?.description ?? '',
    startsAt: webinar?.startsAtLocal ?? '',
    durationMinutes: String(webinar?.durationMinutes ?? 60),
    roomUrl: webinar?.roomUrl ?? '',
    capacity: webinar?.capacity === null || webinar?.capacity === undefined ? '' : String(webinar.capacity),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const save = async () => {
    const checked = webinarInputSchema.safeParse({
      ...form,
      durationMinutes: Number(form.durationMinutes),
      capacity: form.capacity.trim() === '' ? null : Number(form.capacity),
    });
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    setErrors({});
    setSaving(true);
    try {
      if (webinar) await apiRequest('PUT', apiPath(adminApiPaths.adminWebinar, { id: webinar.id }), checked.data);
      else await apiRequest('POST', adminApiPaths.adminWebinars, checked.data);
      await queryClient.invalidateQueries({ queryKey: adminKey('webinars') });
      toast({
        title: 'Webinar saved',
        description:
          webinar && webinar.signups > 0 ? 'If its time, length or title changed, the people signed up are told.' : `“${checked.data.title}” is on /webinars.`,
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else toast({ title: 'Not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
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
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Save webinar'}
          </Button>
        </>
      }
    >
      <TextField
        label="Title"
        value={form.title}
        maxLength={WEBINAR_LIMITS.title}
        error={errors.title}
        onChange={(event) => change({ title: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={`Start (${timeZone} time)`}
          type="datetime-local"
          hint="A past date adds an earlier webinar, for its recording."
          value={form.startsAt}
          error={errors.startsAt}
          onChange={(event) => change({ startsAt: event.target.value })}
        />
        <TextField
          label="Length (minutes)"
          type="number"
          min={WEBINAR_LIMITS.minMinutes}
          max={WEBINAR_LIMITS.maxMinutes}
          value={form.durationMinutes}
          error={errors.durationMinutes}
          onChange={(event) => change({ durationMinutes: event.target.value })}
        />
        <TextField
          label="Capacity (optional)"
          type="number"
          min={1}
          hint="Empty: no limit."
          value={form.capacity}
          error={errors.capacity}
          onChange={(event) => change({ capacity: event.target.value })}
        />
      </div>
      <TextField
        label="Video room link"
        type="url"
        hint="Shown only to premium members signed up, from 15 minutes before the start."
        value={form.roomUrl}
        maxLength={WEBINAR_LIMITS.link}
        error={errors.roomUrl}
        onChange={(event) => change({ roomUrl: event.target.value })}
      />
      <MarkdownEditor
        id="webinar-description"
        label="Description (Markdown)"
        rows={8}
        value={form.description}
        maxLength={WEBINAR_LIMITS.description}
        error={errors.description}
        onChange={(description) => change({ description })}
      />
    </AdminSection>
  );
}
