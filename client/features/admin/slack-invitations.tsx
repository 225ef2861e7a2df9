import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { SLACK_PROMISE_HOURS, type SlackInvitationRow, type SlackInvitations } from '#shared/admin/slack-invitations';
import { apiRequest } from '../../lib/api';
import { smallButton } from '../../components/ui/confirm';
import { useAdminTime } from './admin-time';
import { adminKey, useAdminChange, useAdminQuery } from './use-admin';

/** "2 days 3 hours": how long a member has waited. */
function waited(since: string): string {
  const hours = Math.max(0, Math.floor((Date.now() - new Date(since).getTime()) / 3_600_000));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return days ? `${days} day${days === 1 ? '' : 's'}${rest ? ` ${rest} hour${rest === 1 ? '' : 's'}` : ''}` : `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Premium promises "Slack access within 24 hours": who is waiting (longest first,
 * past the promise marked), sending the invitation link from here or marking one sent elsewhere,
 * and who was invited lately.
 */
export function SlackInvitationsPanel() {
  const query = useAdminQuery<SlackInvitations>(adminKey('slack'), adminApiPaths.adminSlackInvitations);
  const time = useAdminTime();
  const send = useAdminChange<string>({
    request: (id) => apiRequest('POST', apiPath(adminApiPaths.adminSlackInvitationSend, { id }), {}),
    lists: ['slack'],
    success: 'Invitation sent.',
    failure: 'The invitation was not sent.',
  });
  const mark = useAdminChange<string>({
    request: (id) => apiRequest('POST', apiPath(adminApiPaths.adminSlackInvitationMark, { id }), {}),
    lists: ['slack'],
    success: 'Marked as invited.',
    failure: 'Not marked.',
  });
  if (query.isError) return <p role="alert">The invitations could not be loaded. Reload the page to try again.</p>;
  if (!query.data) return <p role="status">Loading...</p>;
  const { waiting, invited } = query.data;
  const overdue = waiting.filter((row) => row.overdue).length;
  const who = (row: SlackInvitationRow) => (
    <span className="break-all">
      {row.name && (
        <>
          {row.name}
          <br />
        </>
      )}
      {row.email}
    </span>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-labelledby="slack-waiting" className="grid gap-3">
        <h2 id="slack-waiting" className="font-serif text-xl font-bold text-stone-900">
          Waiting for Slack ({waiting.length})
        </h2>
        <p className="text-sm text-stone-700">
          Premium promises Slack access within {SLACK_PROMISE_HOURS} hours.{' '}
          {overdue > 0 ? <strong className="text-red-800">{overdue} waiting longer than that.</strong> : 'Nobody is waiting longer than that.'}
        </p>
        {waiting.length === 0 ? (
          <p role="status" className="rounded-lg border border-stone-200 bg-white p-4 text-stone-700">
            Every premium member has been invited.
          </p>
        ) : (
          <ul className="grid gap-2">
            {waiting.map((row) => (
              <li key={row.userId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3">
                <div className="min-w-0 text-sm text-stone-800">
                  {who(row)}
                  <br />
                  <span className={row.overdue ? 'font-semibold text-red-800' : 'text-stone-600'}>
                    Premium since {time.dateTime(row.premiumSince)} · waiting {waited(row.premiumSince)}
                    {row.overdue && ' · over 24 hours'}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
                    disabled={send.isPending}
                    onClick={() => send.mutate(row.userId)}
                  >
                    Send invitation
                  </button>
                  <button
                    type="button"
                    className={`${smallButton} border border-stone-300 hover:bg-stone-100`}
                    disabled={mark.isPending}
                    onClick={() => mark.mutate(row.userId)}
                  >
                    Mark invited
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="slack-invited" className="grid gap-3">
        <h2 id="slack-invited" className="font-serif text-xl font-bold text-stone-900">
          Invited lately
        </h2>
        {invited.length === 0 ? (
          <p className="text-stone-700">Nobody yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm text-stone-800">
            {invited.map((row) => (
              <li key={row.userId} className="rounded-lg border border-stone-200 bg-white p-3">
                {who(row)}
                <br />
                <span className="text-stone-600">
                  {row.method === 'emailed' ? 'Invitation sent' : 'Marked invited'} {row.invitedAt && time.dateTime(row.invitedAt)} by {row.invitedBy}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
