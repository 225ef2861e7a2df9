import { eq, or, sql } from 'drizzle-orm';
import { type BudgetBand, budgetBandValues, PEER_MINIMUM, type PeerFigures, type PillarSpread } from '#shared/checkup/organisation';
import { PILLAR_MAX } from '#shared/checkup/grading';
import { type Pillar, pillars } from '#shared/checkup/questions';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { checkupPeerGroups } from './schema';

/** How far back an organisation's latest attempt still counts among its peers. */
export const PEER_WINDOW_MONTHS = 24;
/** The peer group of all organisations (the others are budget bands). */
export const ALL = 'all';

/**
 * Test addresses, left out of the peer figures with the admins' attempts: the domains reserved
 * for examples and tests (RFC 2606, RFC 6761): example.com/.org/.net and their subdomains, and
 * any name under .test, .example, .invalid or .localhost. Tests and demos use these.
 */
export const TEST_EMAIL_DOMAINS = String.raw`(^|\.)(example\.(com|org|net)|test|example|invalid|localhost)$`;

/**
 * Mail providers whose addresses belong to different people: there an organisation is one
 * mailbox, not the domain. Anywhere else the domain is the organisation (its people share it, and
 * whoever owns a domain can receive mail at any address under it). Tags that deliver to the same
 * mailbox are taken off: "+tag" everywhere here, the dots of a Gmail name, Yahoo's "-keyword"
 * disposable addresses. A provider missing from this list counts as one organisation per domain:
 * its people are undercounted, never counted twice.
 */
export const SHARED_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'zoho.com',
  'fastmail.com',
  'comcast.net',
  'att.net',
  'verizon.net',
] as const;

export interface PeerGroupRow {
  peerGroup: string;
  organisations: number;
  figures: Record<Pillar, PillarSpread> | null;
  figuresOrganisations: number | null;
  figuresAsOf: Date | null;
  newSince: number;
  computedAt: Date;
}

interface ComputedGroup {
  budget_band: BudgetBand | null;
  is_all: boolean;
  organisations: number;
  new_in_band: number;
  new_in_all: number;
  [pillar: string]: unknown;
}

/**
 * The organisation an account's address stands for, over `a.name` and `a.domain` (its address's
 * two parts, lower-cased): its domain, or, at a shared mail provider, its mailbox without the
 * tags that reach the same inbox.
 */
const organisationOfAccount = sql`case
    when a.domain in (${sql.join(
      SHARED_MAIL_DOMAINS.map((domain) => sql`${domain}`),
      sql`, `,
    )}) then
      case
        when a.domain in ('gmail.com', 'googlemail.com') then replace(split_part(a.name, '+', 1), '.', '') || '@gmail.com'
        when a.domain in ('yahoo.com', 'ymail.com') then split_part(split_part(a.name, '+', 1), '-', 1) || '@' || a.domain
        else split_part(a.name, '+', 1) || '@' || a.domain
      end
    else a.domain
  end`;

/**
 * Which groups may show figures now (decision 040): each of at least PEER_MINIMUM organisations,
 * and never two views whose difference is a few organisations. The bands shown and all
 * organisations differ by the organisations outside those bands (other bands, no band): when
 * that rest is between 1 and PEER_MINIMUM - 1, the smallest band shown is held back until the
 * rest is empty or big enough.
 */
export function showableGroups(sizes: Map<string, number>): Set<string> {
  const all = sizes.get(ALL) ?? 0;
  if (all < PEER_MINIMUM) return new Set();
  const bands = budgetBandValues.filter((band) => (sizes.get(band) ?? 0) >= PEER_MINIMUM).sort((a, b) => sizes.get(a)! - sizes.get(b)!);
  const rest = () => all - bands.reduce((sum, band) => sum + sizes.get(band)!, 0);
  while (bands.length > 0 && rest() > 0 && rest() < PEER_MINIMUM) bands.shift();
  return new Set([ALL, ...bands]);
}

/**
 * Recomputes every peer group from the stored attempts and stores it (the scheduled job and the
 * admin's "Recompute now"). Counted (decision 040): only attempts of accounts that verified their
 * address, never an admin's or a test address's; one organisation per domain (per mailbox at a
 * shared mail provider), by its latest attempt in the window. One statement reads them, with the
 * percentiles per budget band and overall in the same pass (grouping sets). A group's figures
 * change only when they may be shown (showableGroups) and, once shown, only after PEER_MINIMUM
 * organisations have come to it since: between two views of a group there are never fewer.
 */
export async function recomputePeerGroups(db: Database, now = new Date()): Promise<PeerGroupRow[]> {
  // Raw SQL: DISTINCT ON over an expression, percentile_cont … WITHIN GROUP and GROUPING SETS are beyond the query builder.
  const percent = (pillar: Pillar) => sql`(${PILLAR_MAX} - (category_scores->>${pillar})::int) * 100.0 / ${PILLAR_MAX}`;
  const spreads = sql.join(
    pillars.map((pillar) => sql`percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${percent(pillar)}) as ${sql.identifier(pillar)}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    // One recomputation at a time (the admin's and the job's): each reads the figures the other stored.
    const previous = new Map((await tx.select().from(checkupPeerGroups).for('update')).map((row) => [row.peerGroup, row]));
    // Background work: one core (no parallel workers), so pages keep the other; the sort in memory, not on disk.
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    const { rows } = await tx.execute<ComputedGroup>(sql`
    with latest as (
      select distinct on (org) budget_band, category_scores, created_at
      from (
        select ${organisationOfAccount} as org, r.budget_band, r.category_scores, r.created_at, r.id
        from checkup_results r
        join users u on u.id = r.user_id
        cross join lateral (select lower(split_part(u.email, '@', 1)) as name, lower(split_part(u.email, '@', 2)) as domain) a
        where u.email_verified_at is not null
          and not u.is_admin
          and a.domain !~ ${TEST_EMAIL_DOMAINS}
          and r.created_at >= ${now.toISOString()}::timestamptz - make_interval(months => ${PEER_WINDOW_MONTHS})
          -- Up to the end of now's millisecond: the database keeps microseconds, a JavaScript Date
          -- milliseconds, and an attempt stored just before the call, in the same millisecond, counts.
          and r.created_at < ${now.toISOString()}::timestamptz + interval '1 millisecond'
      ) attempts
      order by org, created_at desc, id desc
    ), counted as (
      select l.budget_band, l.category_scores,
        l.created_at > coalesce(band.figures_as_of, '-infinity') as new_in_band,
        l.created_at > coalesce((select figures_as_of from checkup_peer_groups where peer_group = ${ALL}), '-infinity') as new_in_all
      from latest l left join checkup_peer_groups band on band.peer_group = l.budget_band
    )
    select grouping(budget_band) = 1 as is_all, budget_band, count(*)::int as organisations,
      count(*) filter (where new_in_band)::int as new_in_band, count(*) filter (where new_in_all)::int as new_in_all, ${spreads}
    from counted
    group by grouping sets ((budget_band), ())`);

    const computed = new Map<string, ComputedGroup>();
    for (const row of rows) {
      if (row.is_all) computed.set(ALL, row);
      else if (row.budget_band) computed.set(row.budget_band, row);
    }
    const showable = showableGroups(new Map([...computed].map(([group, row]) => [group, Number(row.organisations)])));
    // Every group is stored, an empty one with 0, so the admin sees each band and nothing stale stays.
    const values = [...budgetBandValues, ALL].map((peerGroup): PeerGroupRow => {
      const row = computed.get(peerGroup);
      const organisations = row ? Number(row.organisations) : 0;
      const before = previous.get(peerGroup);
      const basis = before?.figuresAsOf ?? null;
      const newSince = row ? Number(peerGroup === ALL ? row.new_in_all : row.new_in_band) : 0;
      const unchanged = { figures: before?.figures ?? null, figuresOrganisations: before?.figuresOrganisations ?? null, figuresAsOf: basis };
      const withdrawn = { figures: null, figuresOrganisations: null, figuresAsOf: basis };
      const shown =
        !row || !showable.has(peerGroup)
          ? withdrawn
          : basis === null || newSince >= PEER_MINIMUM
            ? { figures: spreadsOf(row), figuresOrganisations: organisations, figuresAsOf: now }
            : unchanged;
      return { peerGroup, organisations, ...shown, newSince: shown.figuresAsOf === now ? 0 : newSince, computedAt: now };
    });
    await tx
      .insert(checkupPeerGroups)
      .values(values)
      .onConflictDoUpdate({
        target: checkupPeerGroups.peerGroup,
        set: {
          organisations: sql`excluded.organisations`,
          figures: sql`excluded.figures`,
          figuresOrganisations: sql`excluded.figures_organisations`,
          figuresAsOf: sql`excluded.figures_as_of`,
          newSince: sql`excluded.new_since`,
          computedAt: sql`excluded.computed_at`,
        },
      });
    return values;
  });
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

/** Every group's size, its figures and when they were computed, for the admin. */
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
 * The figures shown beside a result with this budget band: its band's when that group's may be
 * shown, else all organisations' (labelled so), else none. Read from the stored groups only.
 */
export async function peerFiguresFor(db: Executor, budgetBand: BudgetBand | null): Promise<PeerFigures | null> {
  return figuresAmong(await peerGroupsStatement(db).execute({ band: budgetBand ?? ALL }), budgetBand);
}

/** The same choice among stored groups read with the result itself (its band's and all organisations'; others are ignored). */
export function figuresAmong(groups: readonly PeerGroupRow[], budgetBand: BudgetBand | null): PeerFigures | null {
  const shown = (
    row: PeerGroupRow | undefined,
  ): row is PeerGroupRow & { figures: Record<Pillar, PillarSpread>; figuresOrganisations: number; figuresAsOf: Date } =>
    Boolean(row?.figures && row.figuresOrganisations && row.figuresAsOf);
  const band = groups.find((g) => g.peerGroup === budgetBand);
  const all = groups.find((g) => g.peerGroup === ALL);
  const chosen = shown(band) ? band : shown(all) ? all : undefined;
  if (!chosen) return null;
  return {
    group: chosen === band ? 'band' : 'all',
    budgetBand,
    organisations: chosen.figuresOrganisations,
    computedAt: chosen.figuresAsOf.toISOString(),
    pillars: chosen.figures,
  };
}
