import { useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type Edition, type EditionList, type EditionReport, type EditionSummary, editionEyebrow, editionStatusLabel } from '#shared/newsletter/editions';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api';
import { useQuery } from '../../../lib/query-client';
import { Confirm, smallButton, smallDeleteButton } from '../../../components/ui/confirm';
import { type AdminTime, useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { EditionEditor } from './edition-editor';
import { SegmentsPanel } from './segments-panel';
import { AdminSection, EmptyList } from '../admin-section';
import { audienceInSentence, audienceOf, recipientsText } from './audience-text';

const live = (edition: EditionSummary) => edition.status === 'sending' || edition.status === 'paused';

/** The admin's "Weekly Dish" tab: every edition with its status and figures, and what can be done with it now. */
export function EditionsPanel() {
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const list = useQuery({
    queryKey: adminKey('editions'),
    queryFn: () => apiRequest<EditionList>('GET', adminApiPaths.adminEditions),
    retry: false,
    // Live progress while an edition sends.
    refetchInterval: (query) => ((query.state.data as EditionList | undefined)?.editions.some((e) => e.status === 'sending') ? 2000 : false),
  });
  const opened = useAdminQuery<Edition>(
    adminKey('editions', editing?.id ?? 'new'),
    editing?.id ? apiPath(adminApiPaths.adminEdition, { id: editing.id }) : '',
    Boolean(editing?.id),
  );
  const time = useAdminTime();

  if (editing) {
    if (editing.id && !opened.data) return <p role="status">Loading the edition...</p>;
    return <EditionEditor key={editing.id ?? 'new'} edition={editing.id ? opened.data! : null} onClose={() => setEditing(null)} />;
  }
  if (list.isError) return <p role="alert">The editions could not be loaded. Reload the page to try again.</p>;
  if (!list.data) return <p role="status">Loading editions...</p>;
  const { editions, nextSlot } = list.data;

  return (
    <div className="grid gap-8">
      <AdminSection
        title="The Weekly Dish"
        intro={`Next Tuesday slot: ${time.dateTime(nextSlot)}.`}
        actions={<Button onClick={() => setEditing({ id: null })}>New edition</Button>}
      >
        {editions.length === 0 ? (
          <EmptyList>No editions yet. Write the first one with “New edition”.</EmptyList>
        ) : (
          <ul className="grid gap-3">
            {editions.map((edition) => (
              <EditionRow key={edition.id} edition={edition} nextSlot={nextSlot} time={time} onEdit={() => setEditing({ id: edition.id })} />
            ))}
          </ul>
        )}
      </AdminSection>
      <SegmentsPanel />
    </div>
  );
}

function Progress({ edition }: { edition: EditionSummary }) {
  const { total, sent, failed, skipped, remaining } = edition.progress;
  const done = total === 0 ? 100 : Math.round(((sent + failed + skipped) / total) * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={`Sending ${edition.title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${done}%` }} />
      </div>
      <p className="text-sm text-stone-700">
        Sent {sent.toLocaleString()} · Failed {failed.toLocaleString()} · Remaining {remaining.toLocaleString()}
        {skipped > 0 && ` · Skipped ${skipped.toLocaleString()} (unsubscribed or removed meanwhile)`}
      </p>
    </div>
  );
}

function EditionRow({ edition, nextSlot, time, onEdit }: { edition: EditionSummary; nextSlot: string; time: AdminTime; onEdit: () => void }) {
  // On the site's clock, like every time in the admin.
  const [when, setWhen] = useState(() => time.toInput(nextSlot));
  // Counted by the query that fixes the recipients when sending starts, and again each time a send dialog opens.
  const audience = useAdminQuery<{ count: number }>(
    adminKey('editions', 'audience', edition.audience, edition.segmentId ?? ''),
    `${apiPath(adminApiPaths.adminEditionAudience, { audience: edition.audience })}${edition.segmentId ? `?segmentId=${edition.segmentId}` : ''}`,
    ['draft', 'scheduled'].includes(edition.status),
  );
  const recipients = recipientsText(audience.data?.count);
  const audienceName = audienceOf(edition);
  const test = useEditionAction(edition.id, adminApiPaths.adminEditionTest, 'A test was sent to your address.', 'The test was not sent.');
  const sendNow = useEditionAction(edition.id, adminApiPaths.adminEditionSend, 'The edition is sending.', 'The edition was not sent.');
  const schedule = useAdminChange({
    request: () => apiRequest('POST', apiPath(adminApiPaths.adminEditionSchedule, { id: edition.id }), { sendAt: time.fromInput(when).toISOString() }),
    lists: ['editions'],
    success: 'The edition is scheduled.',
    failure: 'The edition was not scheduled.',
  });
  const cancel = useEditionAction(
    edition.id,
    adminApiPaths.adminEditionCancel,
    'The schedule is cancelled: the edition is a draft again.',
    'The schedule was not cancelled.',
  );
  const pause = useEditionAction(edition.id, adminApiPaths.adminEditionPause, 'Sending is paused.');
  const resume = useEditionAction(edition.id, adminApiPaths.adminEditionResume, 'Sending goes on.');
  const remove = useAdminChange({
    request: () => apiRequest('DELETE', apiPath(adminApiPaths.adminEdition, { id: edition.id })),
    lists: ['editions'],
    success: 'The draft is deleted.',
    failure: 'The draft was not deleted.',
  });
  const editable = edition.status === 'draft' || edition.status === 'scheduled';
  const statusClass = {
    draft: 'bg-stone-100 text-stone-800',
    scheduled: 'bg-amber-100 text-amber-900',
    sending: 'bg-blue-100 text-blue-900',
    paused: 'bg-amber-100 text-amber-900',
    sent: edition.progress.failed > 0 ? 'bg-red-100 text-red-900' : 'bg-green-100 text-green-900',
  }[edition.status];
  // The issue number (given when an edition is sent) or who a premium announcement is for: apart from the title, never in it.
  const eyebrow = edition.status === 'sent' || live(edition) ? editionEyebrow(edition) : '';

  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {eyebrow && <p className="text-sm font-semibold text-brand-800">{eyebrow}</p>}
          <h3 className="break-words font-semibold text-stone-900">{edition.title}</h3>
          <p className="text-sm text-stone-600">
            {audienceName} · /weekly-dish/{edition.slug}
            {edition.scheduledAt && edition.status === 'scheduled' && ` · Sends ${time.dateTime(edition.scheduledAt)}`}
            {edition.sentAt && ` · Sent ${time.dateTime(edition.sentAt)}`}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusClass}`}>{editionStatusLabel(edition)}</span>
      </div>
      {(live(edition) || edition.status === 'sent') && edition.progress.total > 0 && <Progress edition={edition} />}
      {edition.status === 'sent' && edition.progress.total > 0 && (
        <p className="text-sm text-stone-700">
          Delivered {edition.progress.sent.toLocaleString()} · Failed {edition.progress.failed.toLocaleString()} · Unsubscribes since{' '}
          {edition.unsubscribesSince.toLocaleString()}
        </p>
      )}
      {edition.progress.failed > 0 && <FailureReasons id={edition.id} />}
      {(live(edition) || edition.status === 'sent') && <Report id={edition.id} />}
      <div className="flex flex-wrap items-end gap-2">
        {editable && (
          <>
            <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`} onClick={onEdit}>
              Edit
            </button>
            <button
              type="button"
              className={`${smallButton} border border-stone-300 hover:bg-stone-100`}
              disabled={test.isPending}
              onClick={() => test.mutate(undefined)}
            >
              Send a test to me
            </button>
            <label className="grid gap-1 text-sm text-stone-800">
              <span>Send at ({time.timeZone} time)</span>
              <input
                type="datetime-local"
                value={when}
                onChange={(event) => setWhen(event.target.value)}
                className="h-9 rounded-md border border-stone-300 px-2"
              />
            </label>
            <Confirm
              title="Schedule this edition?"
              description={`“${edition.title}” will go to ${recipients} (${audienceInSentence(edition)}) on ${when ? time.dateTime(time.fromInput(when).toISOString()) : '…'}. Who is in the audience is settled when it starts sending.`}
              confirmLabel="Schedule"
              onConfirm={() => schedule.mutate(undefined)}
              onOpen={() => void audience.refetch()}
              trigger={
                <button type="button" className={`${smallButton} border border-brand-700 text-brand-800 hover:bg-brand-50`} disabled={!when}>
                  Schedule
                </button>
              }
            />
            <Confirm
              title="Send this edition now?"
              description={`“${edition.title}” will go to ${recipients} (${audienceInSentence(edition)}) now. It cannot be unsent.`}
              confirmLabel="Send now"
              onConfirm={() => sendNow.mutate(undefined)}
              onOpen={() => void audience.refetch()}
              trigger={
                <button type="button" className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}>
                  Send now
                </button>
              }
            />
          </>
        )}
        {edition.status === 'scheduled' && (
          <Confirm
            title="Cancel the scheduled send?"
            description={`“${edition.title}” will not go out${edition.scheduledAt ? ` on ${time.dateTime(edition.scheduledAt)}` : ''}. It becomes a draft again, to edit and schedule when you are ready.`}
            confirmLabel="Cancel schedule"
            cancelLabel="Keep the schedule"
            onConfirm={() => cancel.mutate(undefined)}
            trigger={
              <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`}>
                Cancel schedule
              </button>
            }
          />
        )}
        {edition.status === 'sending' && (
          <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`} onClick={() => pause.mutate(undefined)}>
            Pause
          </button>
        )}
        {edition.status === 'paused' && (
          <button type="button" className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`} onClick={() => resume.mutate(undefined)}>
            Resume
          </button>
        )}
        {edition.status === 'draft' && (
          <Confirm
            title="Delete this draft?"
            description={`“${edition.title}” will be deleted. This cannot be undone.`}
            confirmLabel="Delete"
            destructive
            onConfirm={() => remove.mutate(undefined)}
            trigger={
              <button type="button" className={smallDeleteButton}>
                Delete
              </button>
            }
          />
        )}
      </div>
    </li>
  );
}

/** Whom the edition is for, in words: a segment by its name. */
/** Why messages failed, loaded when the admin opens it. */
function FailureReasons({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const detail = useAdminQuery<Edition>(adminKey('editions', id), apiPath(adminApiPaths.adminEdition, { id }), open);
  return (
    <details className="text-sm text-stone-800" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">Why messages failed</summary>
      {!detail.data ? (
        <p role="status">Loading...</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {detail.data.failures.map((failure) => (
            <li key={failure.reason} className="break-words">
              {failure.count.toLocaleString()} × {failure.reason}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? '' : ` (${Math.round((part / whole) * 100)}%)`);

/**
 * What is known of a sent edition without tracking anyone (decision 045): copies delivered,
 * bounced and complained about, unsubscribes from its links, follows of each link and the
 * answers to "Was this useful?".
 * Loaded when the admin opens it; lists rather than tables, so it reads at 375 px.
 */
function Report({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const report = useAdminQuery<EditionReport>(adminKey('editions', id, 'report'), apiPath(adminApiPaths.adminEditionReport, { id }), open);
  const data = report.data;
  const answers = data ? data.feedback.yes + data.feedback.no : 0;
  return (
    <details className="text-sm text-stone-800" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">Report</summary>
      {report.isError ? (
        <p role="alert" className="mt-2">
          The report could not be loaded. Close and open it to try again.
        </p>
      ) : !data ? (
        <p role="status" className="mt-2">
          Loading the report...
        </p>
      ) : (
        <div className="mt-2 grid gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">Delivered</dt>
            <dd>{data.delivered.toLocaleString()}</dd>
            <dt className="font-medium">Bounced</dt>
            <dd>
              {data.bounced.toLocaleString()}
              {percent(data.bounced, data.delivered)}
            </dd>
            <dt className="font-medium">Complaints</dt>
            <dd>
              {data.complaints.toLocaleString()}
              {percent(data.complaints, data.delivered)}
            </dd>
            <dt className="font-medium">Unsubscribed from it</dt>
            <dd>
              {data.unsubscribes.toLocaleString()}
              {percent(data.unsubscribes, data.delivered)}
            </dd>
            {data.feedback.asked && (
              <>
                <dt className="font-medium">Was this useful?</dt>
                <dd>
                  {answers === 0
                    ? 'No answers yet'
                    : `Yes ${data.feedback.yes.toLocaleString()}${percent(data.feedback.yes, answers)} · No ${data.feedback.no.toLocaleString()}${percent(data.feedback.no, answers)}`}
                </dd>
              </>
            )}
          </dl>
          <div>
            <h4 className="font-medium">Links followed</h4>
            {data.links.length === 0 ? (
              <p className="text-stone-600">This edition had no links to count.</p>
            ) : (
              <ol className="mt-1 grid gap-2">
                {data.links.map((link) => (
                  <li key={link.number} className="grid gap-0.5">
                    <span className="break-all">
                      {link.number}. {link.url}
                    </span>
                    <span className="text-stone-600">
                      {link.total === 0 ? 'Not followed yet' : `${link.total.toLocaleString()} in all`}
                      {link.days.length > 1 && ` · ${link.days.map((day) => `${day.day}: ${day.count.toLocaleString()}`).join(', ')}`}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <p className="text-stone-600">Counts only: nobody’s opens or clicks are recorded. A link checker that follows links counts like a reader.</p>
        </div>
      )}
    </details>
  );
}

function useEditionAction(id: string, path: string, success: string, failure = 'The edition was not changed.') {
  return useAdminChange({ request: () => apiRequest('POST', apiPath(path, { id }), {}), lists: ['editions'], success, failure });
}
