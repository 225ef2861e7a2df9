import { sql } from 'drizzle-orm';
import { type ActivityItem, type AdminCharts, type AdminFunnel, type AdminSummary, funnelSteps } from '#shared/admin/schemas';
import type { Database } from '../../db/client';
import { ESTIMATE_ABOVE, tableCount } from './list-query';

const num = (value: unknown) => Number(value ?? 0);
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The six cards, today's and this month's signups (docs/product.md §9): one statement of counts, no rows loaded. */
export async function summary(db: Database, todayStart: Date, monthStart: Date): Promise<AdminSummary> {
  const result = await db.execute(sql`
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
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
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
  const result = await db.execute(sql`
    select * from (
      (select 'premium' as kind, id::text as id, email as label, coalesce(name, trim(concat(first_name, ' ', last_name))) as detail, created_at
         from users where is_premium order by created_at desc limit ${n})
      union all
      (select 'newsletter', id::text, email, name, created_at from newsletter_signups order by created_at desc limit ${n})
      union all
      (select 'quiz', id::text, email, concat(score, '/80'), created_at from checkup_results order by created_at desc limit ${n})
      union all
      (select 'ally', id::text, name, category, created_at from allies order by created_at desc limit ${n})
    ) as activity order by created_at desc limit ${n}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    kind: r.kind as ActivityItem['kind'],
    id: String(r.id),
    label: String(r.label ?? ''),
    detail: String(r.detail ?? ''),
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
}

const WEEKS = 26;
const pillars = ['IMPACT', 'HUMANS', 'FUEL', 'GEARS', 'FUTURE'] as const;

/** Per week over the last 6 months: newsletter and community signups, check-ups, premium conversions; and the pillars' average grade. */
export async function charts(db: Database): Promise<AdminCharts> {
  const weekly = await db.execute(sql`
    with weeks as (
      select generate_series(date_trunc('week', now()) - interval '25 weeks', date_trunc('week', now()), interval '1 week') as week
    ),
    since as (select min(week) as start from weeks)
    select w.week,
      (select count(*) from newsletter_signups n where n.created_at >= w.week and n.created_at < w.week + interval '1 week')
        + (select count(*) from community_signups c where c.created_at >= w.week and c.created_at < w.week + interval '1 week') as signups,
      (select count(*) from checkup_results r where r.created_at >= w.week and r.created_at < w.week + interval '1 week') as checkups,
      (select count(*) from subscriptions s where s.created_at >= w.week and s.created_at < w.week + interval '1 week') as premium
    from weeks w order by w.week`);
  const averages = await db.execute(sql`
    select ${sql.join(
      pillars.map((p) => sql`avg((category_scores->>${p})::numeric) as ${sql.identifier(p.toLowerCase())}`),
      sql`, `,
    )} from checkup_results where created_at >= date_trunc('week', now()) - interval '25 weeks'`);
  const [avg] = rowsOf<Record<string, unknown>>(averages);
  return {
    weeks: rowsOf<Record<string, unknown>>(weekly)
      .slice(-WEEKS)
      .map((r) => ({
        week: new Date(r.week as string).toISOString().slice(0, 10),
        signups: num(r.signups),
        checkups: num(r.checkups),
        premium: num(r.premium),
      })),
    pillars: pillars.map((p) => {
      const value = avg?.[p.toLowerCase()];
      // The pillar grade of docs/product.md §9: round((16 - score) / 16 * 100), applied to the average score.
      return { pillar: p, grade: value == null ? null : Math.round(((16 - Number(value)) / 16) * 100) };
    }),
  };
}

/** Page views → Check-Up started → completed → signup → premium, per week over 6 months, from usage_events. */
export async function funnel(db: Database): Promise<AdminFunnel> {
  const result = await db.execute(sql`
    select date_trunc('week', created_at) as week, kind, count(*) as n
    from usage_events
    where kind in (${sql.join(
      funnelSteps.map((k) => sql`${k}`),
      sql`, `,
    )}) and created_at >= date_trunc('week', now()) - interval '25 weeks'
    group by 1, 2 order by 1`);
  const byWeek = new Map<string, number[]>();
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    const week = new Date(r.week as string).toISOString().slice(0, 10);
    const counts = byWeek.get(week) ?? funnelSteps.map(() => 0);
    counts[funnelSteps.indexOf(r.kind as (typeof funnelSteps)[number])] = num(r.n);
    byWeek.set(week, counts);
  }
  const weeks = [...byWeek].map(([week, counts]) => ({ week, counts }));
  const totals = funnelSteps.map((_, i) => weeks.reduce((sum, w) => sum + (w.counts[i] ?? 0), 0));
  return { steps: funnelSteps, weeks, totals };
}
