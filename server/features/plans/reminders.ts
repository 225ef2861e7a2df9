import type { FastifyInstance } from 'fastify';
import type { MailStopAnswer } from '#shared/api/mail-stop';
import { apiPaths } from '#shared/api/paths';
import { reminderStopSchema } from '#shared/checkup/schemas';
import { PLAN_DUE_SOON_DAYS } from '#shared/plans/schemas';
import { siteIsoDate } from '#shared/site-time';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { loadLinkKey, oneClickLinks, verifyLink } from '../../mail/links';
import { oneClickRoute } from '../../mail/one-click';
import type { Mail } from '../../mail/transport';
import { markTold } from '../../mail/told-once';
import { hasOptedOut, optOut } from '../../mail/topic-opt-outs';
import { teamById } from '../teams/repo';
import { teamPeople } from '../team-checkup/repo';
import { digestMail, type DigestItem, reassessMail } from './mails';
import { claimDueActions, claimDueReassessments, type DueAction, markActionsReminded, markReassessed, recipientsOf } from './repo';

/** The job's name: its cron, and the run queued soon after a due date is saved. */
export const PLAN_REMINDERS_JOB = 'plan-reminders';

/** Owners dealt with per transaction (each with all their due actions): a batch's digests are stored in one statement. */
const OWNERS = 500;
/** Plans whose reassessment date has come, per transaction. */
const REASSESS_BATCH = 200;
/** How long after a saved due date the job runs: a burst of edits makes one run. */
const SOON_MS = 5_000;

/** The page and one-click address of the plan mails' leave links: the preferences page, and a POST that leaves plan reminders only. */
const stopPaths = { page: '/preferences', api: apiPaths.planMailStop };

/** The told-once topic of one person's digest on one site day: one digest a day, whichever server sends it. */
export const digestTopic = (day: string) => `plan-digest:${day}`;

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
const addDays = (day: string, days: number): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

const pending = new WeakMap<object, NodeJS.Timeout>();

/**
 * Queues the reminder job a few seconds after a due date is saved (decision 081), so a date set
 * inside the reminder window is reminded within a minute, not at the next tick; a burst of saves
 * on this server makes one run.
 */
export function soonAfterDueDates(ctx: Pick<AppContext, 'jobs'>): void {
  const jobs = ctx.jobs;
  if (!jobs || pending.has(jobs)) return;
  const timer = setTimeout(() => {
    pending.delete(jobs);
    jobs.kick(PLAN_REMINDERS_JOB);
  }, SOON_MS);
  timer.unref();
  pending.set(jobs, timer);
}

/** A plan's name in the digest: the owner's own, or the team's. */
const planLabelOf = (row: DueAction) => (row.planKind === 'personal' ? 'your plan' : `${row.teamOwnerName ?? 'your team'}’s team plan`);

/**
 * The digests of the actions whose reminders are due (decision 081), one per owner per site day:
 * each batch claimed (SKIP LOCKED), its mails stored and its reminders marked in one
 * transaction, so two servers never send one twice and a run that dies before its commit sent
 * nothing. An owner already sent today's digest is left for tomorrow (told once a day); an owner
 * whose address left plan reminders or refuses mail is marked and skipped.
 */
async function sendDigests(ctx: Pick<AppContext, 'db' | 'env' | 'mailQueue'>, key: Buffer, now: Date, deadline: number) {
  const today = siteIsoDate(now, ctx.env.SITE_TIMEZONE);
  const topic = digestTopic(today);
  const soonUntil = addDays(today, PLAN_DUE_SOON_DAYS);
  let sent = 0;
  for (;;) {
    const { claimed, mailIds } = await ctx.db.transaction(async (tx) => {
      const due = await claimDueActions(tx, today, soonUntil, topic, OWNERS);
      const byOwner = new Map<string, DueAction[]>();
      for (const row of due) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
      const mailable = [...byOwner.keys()].filter((owner) => !byOwner.get(owner)![0]!.blocked);
      // The day's mark, for all of the batch's owners in one statement: those marked already by another run wait for tomorrow.
      const first = new Set(await markTold(tx, topic, mailable));
      const mails: Mail[] = [];
      const handled: DueAction[] = [];
      for (const [owner, rows] of byOwner) {
        const head = rows[0]!;
        if (head.blocked) {
          handled.push(...rows);
          continue;
        }
        if (!first.has(owner)) continue;
        const item = (row: DueAction): DigestItem => ({
          title: row.title,
          pillar: row.pillar,
          dueOn: row.dueOn,
          planLabel: planLabelOf(row),
          planId: row.planId,
        });
        mails.push(
          digestMail({
            to: head.email,
            name: head.name,
            publicUrl: ctx.env.PUBLIC_URL,
            dueSoon: rows.filter((row) => row.kind === 'due-soon').map(item),
            overdue: rows.filter((row) => row.kind === 'overdue').map(item),
            links: oneClickLinks(key, ctx.env.PUBLIC_URL, head.email, stopPaths),
          }),
        );
        handled.push(...rows);
      }
      const ids = await ctx.mailQueue.storeMany(tx, mails);
      await markActionsReminded(tx, handled, now);
      return { claimed: byOwner.size, mailIds: ids };
    });
    // Many may be due at once: delivered as the queue's job delivers (decision 079).
    if (mailIds.length > 0) ctx.mailQueue.deliverDueSoon();
    sent += mailIds.length;
    // Fewer owners than asked for: none left, or the rest are another run's now (it sends them).
    if (claimed < OWNERS) return { sent, done: true };
    if (Date.now() >= deadline) return { sent, done: false };
  }
}

/**
 * The reassessment reminders (decision 081): on a plan's reassessment date, once, to its person
 * ("take the Check-Up again") or its team's people ("time for the next round"), unless they did
 * it since the plan began. Claimed and marked with its mails in one transaction, as the digests.
 */
async function sendReassessments(ctx: Pick<AppContext, 'db' | 'env' | 'mailQueue'>, key: Buffer, now: Date, deadline: number) {
  const today = siteIsoDate(now, ctx.env.SITE_TIMEZONE);
  let sent = 0;
  for (;;) {
    const { claimed, mailIds } = await ctx.db.transaction(async (tx) => {
      const due = await claimDueReassessments(tx, today, REASSESS_BATCH);
      const mails: Mail[] = [];
      for (const plan of due) {
        if (plan.done) continue;
        let ids: string[] = [];
        if (plan.kind === 'personal' && plan.userId) ids = [plan.userId];
        if (plan.kind === 'team' && plan.teamId) {
          const team = await teamById(tx, plan.teamId);
          ids = team ? (await teamPeople(tx, team)).map((person) => person.userId) : [];
        }
        for (const person of await recipientsOf(tx, ids)) {
          if (person.blocked) continue;
          mails.push(
            reassessMail({
              to: person.email,
              name: person.name,
              kind: plan.kind,
              startedAt: plan.startedAt,
              planId: plan.id,
              publicUrl: ctx.env.PUBLIC_URL,
              timeZone: ctx.env.SITE_TIMEZONE,
              links: oneClickLinks(key, ctx.env.PUBLIC_URL, person.email, stopPaths),
            }),
          );
        }
      }
      const ids = await ctx.mailQueue.storeMany(tx, mails);
      await markReassessed(
        tx,
        due.map((plan) => plan.id),
        now,
      );
      return { claimed: due.length, mailIds: ids };
    });
    if (mailIds.length > 0) ctx.mailQueue.deliverDueSoon();
    sent += mailIds.length;
    if (claimed < REASSESS_BATCH) return { sent, done: true };
    if (Date.now() >= deadline) return { sent, done: false };
  }
}

/** The plans' reminders that are due: the digests, then the reassessments; `done` says whether all were dealt with before `deadline`. */
export async function sendPlanReminders(
  ctx: Pick<AppContext, 'db' | 'env' | 'mailQueue'>,
  now = new Date(),
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ sent: number; done: boolean }> {
  const key = await loadLinkKey(ctx.db);
  const digests = await sendDigests(ctx, key, now, deadline);
  if (!digests.done) return digests;
  const reassess = await sendReassessments(ctx, key, now, deadline);
  return { sent: digests.sent + reassess.sent, done: reassess.done };
}

/** The plan mails' one-click unsubscribe (RFC 8058), and the same from a page: the address leaves plan reminders only. */
export async function planMailStopRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const noStore = { 'cache-control': 'no-store' };
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);
  await oneClickRoute(app, apiPaths.planMailStop, async (request, reply, form): Promise<MailStopAnswer> => {
    reply.headers(noStore);
    const { token } = parseInput(reminderStopSchema, form ? request.query : request.body);
    const email = verifyLink(await keyOnce, 'preferences', token);
    if (!email) throw new HttpError(400, 'This link is not valid: it may be incomplete or altered. Use the link from your latest plan reminder.');
    await optOut(ctx.db, email, ['plan-reminders']);
    return { email, stopped: await hasOptedOut(ctx.db, 'plan-reminders', email), message: 'You will receive no more plan reminders.' };
  });
}
