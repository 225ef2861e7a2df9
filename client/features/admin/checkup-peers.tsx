import { adminApiPaths } from '#shared/api/admin-paths';
import { PEER_MINIMUM, type PeerGroupSizes } from '#shared/checkup/organisation';
import { apiRequest } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { useAdminTime } from './admin-time';
import { adminKey, useAdminChange, useAdminQuery } from './use-admin';

type Group = PeerGroupSizes['groups'][number];

/** What a group's results show, and why not when they show nothing. */
function figuresText(group: Group, dateTime: (iso: string) => string): string {
  const since = group.newSince > 0 ? ` ${group.newSince} new since.` : '';
  if (group.shown && group.figuresAsOf)
    return `Shown: of ${group.figuresOrganisations?.toLocaleString()} organisations, ${dateTime(group.figuresAsOf)}.${since}`;
  if (group.hidden === 'too-few') return `Hidden: fewer than ${PEER_MINIMUM}.`;
  if (group.hidden === 'rest-too-few') return `Hidden: the organisations outside the bands shown would be fewer than ${PEER_MINIMUM}.`;
  return `Hidden until ${PEER_MINIMUM} organisations have come since its last figures (${group.newSince} so far).`;
}

/**
 * The Check-Up's peer groups (decision 040): how many organisations each budget band and all of
 * them count, whether their figures show and why not, and when they were computed.
 * They are recomputed every hour; "Recompute now" does it at once.
 */
export function CheckupPeersPanel() {
  const query = useAdminQuery<PeerGroupSizes>(adminKey('checkup-peers'), adminApiPaths.adminCheckupPeers);
  const time = useAdminTime();
  const recompute = useAdminChange<void, PeerGroupSizes>({
    request: () => apiRequest('POST', adminApiPaths.adminCheckupPeersRecompute, {}),
    lists: ['checkup-peers'],
    success: 'Peer figures recomputed.',
    failure: 'The peer figures were not recomputed.',
  });
  if (query.isError) return <p role="alert">The peer groups could not be loaded. Reload the page to try again.</p>;
  if (!query.data) return <p role="status">Loading...</p>;
  const { groups, computedAt } = query.data;
  return (
    <section aria-labelledby="checkup-peers" className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="checkup-peers" className="font-serif text-xl font-bold text-stone-900">
        Peer groups
      </h2>
      <p className="text-sm text-stone-700">
        Only accounts that confirmed their email count, one organisation per email domain (per mailbox at a shared provider such as Gmail), by its latest
        Check-Up in the last 24 months; admins and test addresses are left out. A group&apos;s figures show from {PEER_MINIMUM} organisations, and change once{' '}
        {PEER_MINIMUM} more have come; below that, results show all organisations&apos;.{' '}
        {computedAt ? `Computed ${time.dateTime(computedAt)}.` : 'Not computed yet.'}
      </p>
      <table className="w-full text-left text-sm break-words">
        <thead>
          <tr className="border-b border-stone-300 text-stone-700">
            <th scope="col" className="py-2 pr-2">
              Budget band
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Organisations
            </th>
            <th scope="col" className="py-2 pl-2">
              Figures
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.group} className="border-b border-stone-200 last:border-0">
              <th scope="row" className="py-2 pr-2 font-semibold text-stone-900">
                {group.label}
              </th>
              <td className="px-2 py-2 text-right font-mono">{group.organisations.toLocaleString()}</td>
              <td className="py-2 pl-2">{figuresText(group, time.dateTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <Button variant="outline" onClick={() => recompute.mutate()} disabled={recompute.isPending}>
          {recompute.isPending ? 'Recomputing...' : 'Recompute now'}
        </Button>
      </div>
    </section>
  );
}
