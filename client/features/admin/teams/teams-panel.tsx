import { DEFAULT_PAGE_SIZE } from '#shared/admin/page-query';
import type { Page } from '#shared/admin/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AdminTeam } from '#shared/teams/schemas';
import { plans } from '#shared/pricing';
import { AdminSection, EmptyList } from '../admin-section';
import { useAdminTime } from '../admin-time';
import { ListSearchBox } from '../list-search-box';
import { Pager } from '../pager';
import { adminKey, useAdminQuery } from '../use-admin';
import { useListSearch } from '../use-list-search';

const statusLabels: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Ended',
  incomplete: 'Not paid yet',
  incomplete_expired: 'Never paid',
  unpaid: 'Unpaid',
};
const statusLabel = (status: string) => statusLabels[status] ?? status;

/**
 * The admin's Teams tab (decision 055): every team plan, its buyer, seats, status, renewal and
 * members, newest first, a page at a time, found by the buyer's or a member's name or address.
 */
export function TeamsPanel() {
  const { typed, setTyped, search, page, setPage, settling } = useListSearch();
  const params = new URLSearchParams({ search, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  const list = useAdminQuery<Page<AdminTeam>>(adminKey('teams', params.toString()), `${apiPaths.adminTeams}?${params}`);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <AdminSection title="Teams" intro="Team plans: one buyer pays for a number of seats, and each person who joins with an invitation holds one.">
      <ListSearchBox label="Search teams" value={typed} onChange={setTyped} placeholder="The buyer's or a member's name or email" className="max-w-md" />
      {list.isError ? (
        <p role="alert">The team plans could not be loaded. Reload the page to try again.</p>
      ) : !data ? (
        <p role="status">Loading the team plans...</p>
      ) : data.items.length === 0 ? (
        <EmptyList>{search ? 'No team plans match this search.' : 'No team plans yet.'}</EmptyList>
      ) : (
        <>
          <p className="text-sm text-stone-700" role="status">
            {countText(data, search)}
          </p>
          <ul className="grid gap-3" aria-label="Team plans" aria-busy={settling || list.isFetching}>
            {data.items.map((team) => (
              <TeamRow key={team.id} team={team} />
            ))}
          </ul>
        </>
      )}
      <Pager label="Pages of team plans" page={page} pages={pages} onPage={setPage} />
    </AdminSection>
  );
}

/** "12 team plans", "About 100,000 team plans", "1 team plan matches". */
function countText({ total, estimated }: Page<AdminTeam>, search: string): string {
  const counted = `${estimated ? 'About ' : ''}${total === 1 ? '1 team plan' : `${total.toLocaleString()} team plans`}`;
  return search ? `${counted} ${total === 1 ? 'matches' : 'match'}` : counted;
}

function TeamRow({ team }: { team: AdminTeam }) {
  const time = useAdminTime();
  const live = ['active', 'trialing', 'past_due'].includes(team.status);
  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-all font-semibold text-stone-900">{team.ownerName ? `${team.ownerName} (${team.ownerEmail})` : team.ownerEmail}</h3>
          <p className="text-sm text-stone-700">
            {plans[team.plan].label} · {team.seatsUsed} of {team.seats} seats used · {team.openInvitations} open{' '}
            {team.openInvitations === 1 ? 'invitation' : 'invitations'}
          </p>
          <p className="text-sm text-stone-600">
            {team.currentPeriodEnd ? `${team.cancelAtPeriodEnd ? 'Ends' : live ? 'Renews' : 'Ended'} ${time.day(team.currentPeriodEnd)}` : 'No renewal date'}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${
            team.status === 'past_due' ? 'bg-red-100 text-red-900' : live ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-700'
          }`}
        >
          {statusLabel(team.status)}
          {live && team.cancelAtPeriodEnd ? ', cancelled' : ''}
        </span>
      </div>
      {team.members.length === 0 ? (
        <p className="text-sm text-stone-700">No members yet.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label={`Members of ${team.ownerEmail}'s team`}>
          {team.members.map((member) => (
            <li key={member.email} className="flex flex-wrap justify-between gap-2 rounded-md bg-stone-50 px-3 py-2">
              <span className="min-w-0 break-all text-stone-900">{member.name ? `${member.name} · ${member.email}` : member.email}</span>
              <span className="text-stone-600">Joined {time.day(member.joinedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
