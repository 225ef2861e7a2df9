import { and, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { type ActivityItem, type AdminCharts, type AdminFunnel, type AdminSummary, funnelSteps } from '#shared/admin/schemas';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { allies } from '../allies/schema';
import { checkupResults } from '../checkup/schema';
import { usageEvents } from '../events/schema';
import { newsletterSignups } from '../newsletter/schema';
import { ESTIMATE_ABOVE, tableCount } from './list-query';

const num = (value: unknown) => Number(value ?? 0);
/**
 * The site's zone as an SQL literal. Inlined, not a parameter: a grouped expression must be
 * written the same in the select and the group by, and two parameters are two expressions to
 * PostgreSQL. SITE_TIMEZONE is checked to be an IANA name at start; quotes are doubled anyway.
 */
const zone = (timeZone: string) => sql.raw(`'${timeZone.replace(/'/g, "''")}'`);
/** Weeks begin on Monday at 00:00 on the site's clock (SITE_TIMEZONE), as the admin's days and months do. */
const siteWeek = (instant: SQL, timeZone: string) => sql`date_trunc('week', ${instant} at time zone ${zone(timeZone)})`;
/** The start of the charts' 26 weeks, as an instant. */
const since = (timeZone: string) => sql`(${siteWeek(sql`now()`, timeZone)} - interval '25 weeks') at time zone ${zone(timeZone)}`;

/** The six cards, today's and this month's signups (docs/product.md §9): one statement of counts, no rows loaded. */
export async function summary(db: Database, todayStart: Date, monthStart: Date): Promise<AdminSummary> {
  // Raw: one select of counts over seven tables, from none of them; the builder's select needs a table.
  const { rows } = await db.execute(sql`
    select
      ${tableCount('users')} as total_users,
      (select count(*) from users where is_premium) as premium_users,
      ${tableCount('checkup_results')} as checkups,
      ${tableCount('newsletter_signups')} as newsletters,
      (select count(*) from allies where not approved) as pending_allies,
      ${tableCount('contact_messages')} as contacts,
      (select count(*) from contact_messages where status = 'new') as new_contacts,
      (select count(*) from users where is_premium and created_at >= ${todayStart}) as today_premium,
      (select count(*) from newsletter_signups where created_at >= ${todayStart}) as today_newsletter,
      (select count(*) from checkup_results where created_at >= ${todayStart}) as today_quiz,
      (select count(*) from allies where created_at >= ${todayStart}) as today_allies,
      -- The same four kinds as Today (docs/product.md §9), since the month began.
      (select count(*) from users where is_premium and created_at >= ${monthStart})
        + (select count(*) from newsletter_signups where created_at >= ${monthStart})
        + (select count(*) from checkup_results where created_at >= ${monthStart})
        + (select count(*) from allies where created_at >= ${monthStart}) as this_month`);
  const r = rows[0] ?? {};
  return {
    totalUsers: num(r.total_users),
    premiumUsers: num(r.premium_users),
    checkups: num(r.checkups),
    newsletters: num(r.newsletters),
    pendingAllies: num(r.pending_allies),
    contacts: num(r.contacts),
    newContacts: num(r.new_contacts),
    today: { premium: num(r.today_premium), newsletter: num(r.today_newsletter), quiz: num(r.today_quiz), allies: num(r.today_allies) },
    thisMonth: num(r.this_month),
    estimated: [r.total_users, r.checkups, r.newsletters, r.contacts].some((n) => num(n) >= ESTIMATE_ABOVE),
  };
}

export const RECENT_ACTIVITY = 20;

/** The newest 20 events across four tables (docs/product.md §9): each side reads only its newest 20 by index. */
export async function recentActivity(db: Database): Promise<ActivityItem[]> {
  const n = RECENT_ACTIVITY;
  const kind = (name: ActivityItem['kind']) => sql<ActivityItem['kind']>`${name}::text`;
  const premium = db
    .select({
      kind: kind('premium'),
      id: sql<string>`${users.id}::text`,
      label: users.email,
      detail: sql<string>`coalesce(${users.name}, trim(concat(${users.firstName}, ' ', ${users.lastName})))`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.isPremium, true))
    .orderBy(desc(users.createdAt))
    .limit(n);
  const newsletter = db
    .select({
      kind: kind('newsletter'),
      id: sql<string>`${newsletterSignups.id}::text`,
      label: newsletterSignups.email,
      detail: newsletterSignups.name,
      createdAt: newsletterSignups.createdAt,
    })
    .from(newsletterSignups)
    .orderBy(desc(newsletterSignups.createdAt))
    .limit(n);
  const quiz = db
    .select({
      kind: kind('quiz'),
      id: sql<string>`${checkupResults.id}::text`,
      label: checkupResults.email,
      detail: sql<string>`concat(${checkupResults.score}, '/80')`,
      createdAt: checkupResults.createdAt,
    })
    .from(checkupResults)
    .orderBy(desc(checkupResults.createdAt))
    .limit(n);
  const ally = db
    .select({
      kind: kind('ally'),
      id: sql<string>`${allies.id}::text`,
      label: allies.name,
      detail: allies.category,
      createdAt: allies.createdAt,
    })
    .from(allies)
    .orderBy(desc(allies.createdAt))
    .limit(n);
  const rows = await premium.unionAll(newsletter).unionAll(quiz).unionAll(ally).orderBy(desc(users.createdAt)).limit(n);
  return rows.map((r) => ({ kind: r.kind, id: r.id, label: r.label ?? '', detail: r.detail ?? '', createdAt: r.createdAt.toISOString() }));
}

const WEEKS = 26;
const pillars = ['IMPACT', 'HUMANS', 'FUEL', 'GEARS', 'FUTURE'] as const;
const average = (pillar: (typeof pillars)[number]) => sql<string | null>`avg((${checkupResults.categoryScores}->>${pillar})::numeric)`;

/** Per week over the last 6 months: newsletter and community signups, check-ups, premium conversions; and the pillars' average grade. */
export async function charts(db: Database, timeZone: string): Promise<AdminCharts> {
  // Raw: the weeks come from generate_series, a function the builder cannot select from. Each
  // week is a Monday on the site's clock; its bounds are the instants it starts and ends there.
  const thisWeek = siteWeek(sql`now()`, timeZone);
  const weekly = await db.execute(sql`
    with weeks as (
      select to_char(w, 'YYYY-MM-DD') as week, w at time zone ${zone(timeZone)} as starts, (w + interval '1 week') at time zone ${zone(timeZone)} as ends
      from generate_series(${thisWeek} - interval '25 weeks', ${thisWeek}, interval '1 week') as w
    )
    select w.week,
      (select count(*) from newsletter_signups n where n.created_at >= w.starts and n.created_at < w.ends)
        + (select count(*) from community_signups c where c.created_at >= w.starts and c.created_at < w.ends) as signups,
      (select count(*) from checkup_results r where r.created_at >= w.starts and r.created_at < w.ends) as checkups,
      (select count(*) from subscriptions s where s.created_at >= w.starts and s.created_at < w.ends) as premium
    from weeks w order by w.starts`);
  const [avg] = await db
    .select({ IMPACT: average('IMPACT'), HUMANS: average('HUMANS'), FUEL: average('FUEL'), GEARS: average('GEARS'), FUTURE: average('FUTURE') })
    .from(checkupResults)
    .where(gte(checkupResults.createdAt, since(timeZone)));
  return {
    weeks: weekly.rows.slice(-WEEKS).map((r) => ({
      week: r.week as string,
      signups: num(r.signups),
      checkups: num(r.checkups),
      premium: num(r.premium),
    })),
    pillars: pillars.map((p) => {
      const value = avg?.[p];
      // The pillar grade of docs/product.md §9: round((16 - score) / 16 * 100), applied to the average score.
      return { pillar: p, grade: value == null ? null : Math.round(((16 - Number(value)) / 16) * 100) };
    }),
  };
}

/** Page views → Check-Up started → completed → signup → premium, per week over 6 months, from usage_events. */
export async function funnel(db: Database, timeZone: string): Promise<AdminFunnel> {
  const week = sql<string>`to_char(${siteWeek(sql`${usageEvents.createdAt}`, timeZone)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, kind: usageEvents.kind, n: count() })
    .from(usageEvents)
    .where(and(inArray(usageEvents.kind, [...funnelSteps]), gte(usageEvents.createdAt, since(timeZone))))
    .groupBy(week, usageEvents.kind)
    .orderBy(week);
  const byWeek = new Map<string, number[]>();
  for (const r of rows) {
    const key = r.week;
    const counts = byWeek.get(key) ?? funnelSteps.map(() => 0);
    counts[funnelSteps.indexOf(r.kind as (typeof funnelSteps)[number])] = r.n;
    byWeek.set(key, counts);
  }
  const weeks = [...byWeek].map(([week, counts]) => ({ week, counts }));
  const totals = funnelSteps.map((_, i) => weeks.reduce((sum, w) => sum + (w.counts[i] ?? 0), 0));
  return { steps: funnelSteps, weeks, totals };
}
