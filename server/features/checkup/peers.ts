import { eq, or, sql } from 'drizzle-orm';
import { type BudgetBand, budgetBandValues, PEER_MINIMUM, type PeerFigures, type PillarSpread } from '#shared/checkup/organisation';
import { PILLAR_MAX } from '#shared/checkup/grading';
import { type Pillar, pillars } from '#shared/checkup/questions';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { checkupPeerGroups } from '../../db/schema';

/** How far back an organisation's latest attempt still counts among its peers. */
export const PEER_WINDOW_MONTHS = 24;
const ALL = 'all';

/**
 * Test addresses, left out of the peer figures with the admins' attempts: the domains reserved
 * for examples and tests (RFC 2606, RFC 6761): example.com/.org/.net and their subdomains, and
 * any name under .test, .example, .invalid or .localhost. Tests and demos use these.
 */
export const TEST_EMAIL_DOMAINS = String.raw`(^|\.)(example\.(com|org|net)|test|example|invalid|localhost)$`;

export interface PeerGroupRow {
  peerGroup: string;
  organisations: number;
  figures: Record<Pillar, PillarSpread> | null;
  computedAt: Date;
}

interface ComputedGroup {
  budget_band: BudgetBand | null;
  is_all: boolean;
  organisations: number;
  [pillar: string]: unknown;
}

/**
 * Recomputes every peer group from the stored attempts and stores it (the scheduled job and the
 * admin's "Recompute now"). One statement reads the attempts: the latest per organisation (its
 * account, else its email) in the window, without admins' and test addresses' attempts; the
 * percentiles come per budget band and overall in the same pass (grouping sets).
 */
export async function recomputePeerGroups(db: Database, now = new Date()): Promise<PeerGroupRow[]> {
  // Raw SQL: DISTINCT ON over an expression, percentile_cont … WITHIN GROUP and GROUPING SETS are beyond the query builder.
  const percent = (pillar: Pillar) => sql`(${PILLAR_MAX} - (category_scores->>${pillar})::int) * 100.0 / ${PILLAR_MAX}`;
  const spreads = sql.join(
    pillars.map((pillar) => sql`percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${percent(pillar)}) as ${sql.identifier(pillar)}`),
    sql`, `,
  );
  const { rows } = await db.transaction(async (tx) => {
    // Background work: one core (no parallel workers), so pages keep the other; the sort in memory, not on disk.
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute<ComputedGroup>(sql`
    with latest as (
      select distinct on (org) budget_band, category_scores
      from (
        select coalesce('u:' || r.user_id::text, 'e:' || lower(r.email)) as org, r.budget_band, r.category_scores, r.created_at, r.id
        from checkup_results r
        where r.created_at >= ${now.toISOString()}::timestamptz - make_interval(months => ${PEER_WINDOW_MONTHS})
          and r.created_at <= ${now.toISOString()}::timestamptz
          and lower(split_part(r.email, '@', 2)) !~ ${TEST_EMAIL_DOMAINS}
          and not exists (select 1 from users a where a.is_admin and (a.id = r.user_id or lower(a.email) = lower(r.email)))
      ) attempts
      order by org, created_at desc, id desc
    )
    select grouping(budget_band) = 1 as is_all, budget_band, count(*)::int as organisations, ${spreads}
    from latest
    group by grouping sets ((budget_band), ())`);
  });

  const computed = new Map<string, ComputedGroup>();
  for (const row of rows) {
    if (row.is_all) computed.set(ALL, row);
    else if (row.budget_band) computed.set(row.budget_band, row);
  }
  // Every group is stored, an empty one with 0, so the admin sees each band and nothing stale stays.
  const values = [...budgetBandValues, ALL].map((peerGroup) => {
    const row = computed.get(peerGroup);
    const organisations = row ? Number(row.organisations) : 0;
    return { peerGroup, organisations, figures: row && organisations >= PEER_MINIMUM ? spreadsOf(row) : null, computedAt: now };
  });
  await db
    .insert(checkupPeerGroups)
    .values(values)
    .onConflictDoUpdate({
      target: checkupPeerGroups.peerGroup,
      set: { organisations: sql`excluded.organisations`, figures: sql`excluded.figures`, computedAt: sql`excluded.computed_at` },
    });
  return values;
}

/** Whole percents: the figures say where the middle half lies, never more precisely than the page shows a score. */
function spreadsOf(row: ComputedGroup): Record<Pillar, PillarSpread> {
  return Object.fromEntries(
    pillars.map((pillar) => {
      const [p25, median, p75] = (row[pillar] as (number | string)[]).map((value) => Math.round(Number(value)));
      return [pillar, { p25: p25!, median: median!, p75: p75! }];
    }),
  ) as Record<Pillar, PillarSpread>;
}

/** Every group's size and when it was computed, for the admin. */
export async function peerGroupSizes(db: Executor): Promise<PeerGroupRow[]> {
  return db.select().from(checkupPeerGroups);
}

// Read beside every result and progress page shown: the result's band and all organisations.
const peerGroupsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(checkupPeerGroups)
    .where(or(eq(checkupPeerGroups.peerGroup, sql.placeholder('band')), eq(checkupPeerGroups.peerGroup, ALL)))
    .prepare('checkup_peer_groups_for'),
);

/**
 * The figures shown beside a result with this budget band: its band's when that group is big
 * enough, else all organisations' (labelled so), else none. Read from the stored groups only.
 */
export async function peerFiguresFor(db: Executor, budgetBand: BudgetBand | null): Promise<PeerFigures | null> {
  const groups = await peerGroupsStatement(db).execute({ band: budgetBand ?? ALL });
  const shown = (row: PeerGroupRow | undefined): row is PeerGroupRow & { figures: Record<Pillar, PillarSpread> } =>
    Boolean(row && row.figures && row.organisations >= PEER_MINIMUM);
  const band = groups.find((g) => g.peerGroup === budgetBand);
  const all = groups.find((g) => g.peerGroup === ALL);
  const chosen = shown(band) ? band : shown(all) ? all : undefined;
  if (!chosen) return null;
  return {
    group: chosen === band ? 'band' : 'all',
    budgetBand,
    organisations: chosen.organisations,
    computedAt: chosen.computedAt.toISOString(),
    pillars: chosen.figures,
  };
}
