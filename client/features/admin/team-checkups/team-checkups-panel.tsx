import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#shared/admin/page-query';
import type { Page } from '#shared/admin/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AdminRoundRow } from '#shared/team-checkup/schemas';
import { AdminSection, EmptyList } from '../admin-section';
import { useAdminTime } from '../admin-time';
import { Pager } from '../pager';
import { adminKey, useAdminQuery } from '../use-admin';

/**
 * The admin's Team Check-Ups tab: every round, newest first, with its team's buyer, dates and how
 * many were asked and answered. Never anyone's answers, nor the round's figures (decision 078).
 */
export function TeamCheckupsPanel() {
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE), sort: '-startedAt' });
  const list = useAdminQuery<Page<AdminRoundRow>>(adminKey('team-checkup-rounds', page), `${apiPaths.adminTeamCheckupRounds}?${params}`);
  if (list.isError) return <p role="alert">The team Check-Up rounds could not be loaded. Reload the page to try again.</p>;
  if (!list.data) return <p role="status">Loading the team Check-Up rounds...</p>;
  const { items, total, pageSize } = list.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <AdminSection
      title="Team Check-Ups"
      intro="Rounds of the team Check-Up: who runs them, when, how many people were asked and how many answered. Answers are never shown here."
    >
      {items.length === 0 ? (
        <EmptyList>No team Check-Up rounds yet.</EmptyList>
      ) : (
        <ul className="grid gap-3" aria-label="Team Check-Up rounds">
          {items.map((round) => (
            <RoundRow key={round.id} round={round} />
          ))}
        </ul>
      )}
      <Pager label="Pages of rounds" page={page} pages={pages} onPage={setPage} />
    </AdminSection>
  );
}

function RoundRow({ round }: { round: AdminRoundRow }) {
  const time = useAdminTime();
  const open = round.status === 'open';
  return (
    <li className="grid gap-1 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 wrap-anywhere font-semibold text-stone-900">{round.name}</h3>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${open ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-700'}`}>
          {open ? 'Open' : 'Closed'}
        </span>
      </div>
      <p className="wrap-anywhere text-sm text-stone-700">Team of {round.ownerName ? `${round.ownerName} (${round.ownerEmail})` : round.ownerEmail}</p>
      <p className="text-sm text-stone-700">
        Started {time.day(round.startedAt)} · {open ? 'closes' : 'closed'} {time.day(round.closedAt ?? round.closesAt)}
      </p>
      <p className="text-sm text-stone-700">
        {round.answered} of {round.invited} answered
      </p>
    </li>
  );
}
