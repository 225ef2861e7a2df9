import { and, asc, desc, eq, gt, not, sql } from 'drizzle-orm';
import { site } from '#shared/site';
import type { AppContext } from '../../context';
import { mailSuppressions, users } from '../../db/schema';
import { allies } from './schema';
import type { Mail } from '../../mail/transport';
import { loadLinkKey, preferencesLink } from '../../mail/links';
import { optedOut } from '../../mail/topic-opt-outs';
import { markTold } from '../../mail/told-once';

/**
 * Allies news (decision 053): once a week, premium members who keep the "Allies news" topic
 * (their preferences page) hear which vendors joined the directory in the last seven days. No new
 * ally, no email. Each member is told once per week, whatever runs twice or on two servers: the
 * told_once mark and the queued mail commit together (decision 034).
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Members stored per transaction. */
const CHUNK = 200;
/** Allies named in one email; more are counted and the directory holds them. */
const NAMED = 10;

/** The Monday (UTC) of `now`'s week: the key of that week's email. */
export function weekOf(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

interface NewAlly {
  name: string;
  category: string;
  description: string;
}

export function alliesNewsMail(
  member: { email: string; firstName: string | null },
  input: { allies: NewAlly[]; total: number; publicUrl: string; preferencesUrl: string },
): Mail {
  const count = input.total === 1 ? 'a new vetted vendor' : `${input.total} new vetted vendors`;
  const listed = input.allies.map((ally) => {
    const about = ally.description.replace(/\s+/g, ' ').trim();
    return `- ${ally.name} (${ally.category})${about ? `: ${about.length > 140 ? `${about.slice(0, 139)}…` : about}` : ''}`;
  });
  const more = input.total > input.allies.length ? `\n…and ${input.total - input.allies.length} more.` : '';
  const text = `Hi ${member.firstName?.trim() || 'there'},

The Allies Directory has ${count} this week:

${listed.join('\n')}${more}

See them, with their member offers: ${input.publicUrl}/allies

You get this as Allies news. To stop it, or to choose your other emails: ${input.preferencesUrl}

The ${site.name} team
`;
  return { to: member.email, subject: `New in the Allies Directory: ${count}`, text };
}

/** Sends this week's Allies news if any ally was listed in the last seven days; returns how many members were told. */
export async function sendAlliesNews(ctx: AppContext, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - WEEK_MS);
  const listed = and(eq(allies.approved, true), gt(allies.listedAt, since), sql`${allies.listedAt} <= ${now}`);
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(allies)
    .where(listed);
  if (total === 0) return 0;
  const named = await ctx.db
    .select({ name: allies.name, category: allies.category, description: allies.description })
    .from(allies)
    .where(listed)
    .orderBy(desc(allies.listedAt), asc(allies.name))
    .limit(NAMED);
  const topic = `allies-news:${weekOf(now)}`;
  const linkKey = await loadLinkKey(ctx.db);
  const recipients = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.isPremium, true),
        not(optedOut('allies', users.email)),
        sql`not exists (select 1 from ${mailSuppressions} where lower(${mailSuppressions.email}) = lower(${users.email}))`,
      ),
    )
    .orderBy(asc(users.id));
  let told = 0;
  for (let at = 0; at < recipients.length; at += CHUNK) {
    const chunk = recipients.slice(at, at + CHUNK);
    const ids = await ctx.db.transaction(async (tx) => {
      const fresh = new Set(
        await markTold(
          tx,
          topic,
          chunk.map((member) => member.id),
        ),
      );
      const stored: string[] = [];
      for (const member of chunk.filter((member) => fresh.has(member.id))) {
        const mail = alliesNewsMail(member, {
          allies: named,
          total,
          publicUrl: ctx.env.PUBLIC_URL,
          preferencesUrl: preferencesLink(linkKey, ctx.env.PUBLIC_URL, member.email),
        });
        stored.push(await ctx.mailQueue.store(tx, mail));
      }
      return stored;
    });
    told += ids.length;
    ctx.mailQueue.deliverNow(ids);
  }
  return told;
}
