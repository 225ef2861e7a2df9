import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import type { EditionAudience } from '#shared/newsletter/editions';
import type { Database } from '../../db/client';
import type { Transport } from '../../mail/mailer';
import { personalise, type RenderedEdition, renderEdition } from './email';
import { loadLinkKey, signLink } from '../../mail/links';
import { rowsOf } from '../../db/rows';
import { refuseUnrenderable } from '../../http/errors';
import { addDeliveries, dueEditions, eligible, finishSentEditions, lockEditionToSend, markSending, nextIssueNumber } from './repo';

/**
 * Sending an edition to everyone (issue 23.3, decision 028). When sending starts, one row per
 * recipient goes into edition_deliveries (unique per edition and address). Then batches are
 * claimed with FOR UPDATE SKIP LOCKED, each recipient is checked again (unsubscribed, bounced or
 * deleted since: skipped), sent at the configured rate over at most `connections` connections,
 * and marked sent as soon as the mail server accepted it. A crash can therefore repeat only the
 * messages in flight at that moment (at most `connections`), once their claim runs out.
 */
export interface SenderSettings {
  publicUrl: string;
  postalAddress: string;
  ratePerSecond: number;
  connections: number;
}

/** A claim outlives a batch's sending; a sender that died frees its rows after this. */
const CLAIM_SECONDS = 60;
/** A temporary refusal is tried again this many times (backoff 5 s … 10 min) before it counts as failed. */
export const MAX_TEMPORARY_ATTEMPTS = 12;
const retryDelaySeconds = (attempts: number) => Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));
/** How long sending pauses after a temporary refusal, doubling while they go on. */
const SLOW_DOWN_MS = { first: 1000, max: 30_000 };

/**
 * Starts sending an edition that is a draft, scheduled or due: renders it once, fixes its
 * recipients and numbers it, all under the edition's row lock, so a second click, a second admin
 * or a second server finds it already sending and does nothing. Answers whether this call started it.
 */
export async function startSending(
  db: Database,
  editionId: string,
  settings: Pick<SenderSettings, 'publicUrl' | 'postalAddress'>,
  from: readonly string[] = ['draft', 'scheduled'],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const edition = await lockEditionToSend(tx, editionId);
    if (!edition || !from.includes(edition.status)) return false;
    // Saved before such text was refused: it is not sent cut short (a 400 to an admin, a log line for the job).
    refuseUnrenderable({ body: ['Body', edition.body] });
    const issueNumber = edition.audience === 'subscribers' ? await nextIssueNumber(tx) : null;
    const rendered = await renderEdition({ ...edition, issueNumber }, settings);
    await addDeliveries(tx, edition.id, edition.audience);
    await markSending(tx, edition.id, { issueNumber, html: rendered.html, text: rendered.text });
    return true;
  });
}

/**
 * Editions scheduled for now or earlier start sending. One that cannot start (its text cannot
 * be rendered, a fault) is logged and stays scheduled: it never keeps the others, or the
 * deliveries already under way, from going out.
 */
export async function startDueEditions(
  db: Database,
  settings: Pick<SenderSettings, 'publicUrl' | 'postalAddress'>,
  log?: { error(details: object, message: string): void },
): Promise<number> {
  let started = 0;
  for (const id of await dueEditions(db)) {
    try {
      if (await startSending(db, id, settings, ['scheduled'])) started += 1;
    } catch (error) {
      log?.error({ err: error, editionId: id }, 'a scheduled edition could not start sending; the others go on');
    }
  }
  return started;
}

interface Claimed {
  id: number;
  editionId: string;
  email: string;
  attempts: number;
}

type Outcome = 'sent' | 'temporary' | 'permanent';

/** nodemailer's error: a 5xx answer to RCPT TO refuses the address for good; 4xx and lost connections are temporary. */
export function classify(error: unknown): { outcome: Exclude<Outcome, 'sent'>; suppress: boolean; reason: string } {
  const { responseCode, command, message } = (error ?? {}) as { responseCode?: number; command?: string; message?: string };
  const reason = `${responseCode ?? ''} ${String(message ?? error)}`.trim().slice(0, 300);
  if (typeof responseCode === 'number' && responseCode >= 500) return { outcome: 'permanent', suppress: /RCPT/i.test(command ?? ''), reason };
  return { outcome: 'temporary', suppress: false, reason };
}

export interface SendReport {
  sent: number;
  failed: number;
  skipped: number;
  temporary: number;
}

/**
 * Sends what is due of every edition that is sending, until nothing is left, `deadline` passes or
 * `shouldStop` says so. Run by the weekly-dish job, whose slices may overlap on several servers
 * (the claims keep them apart); tests call it directly.
 */
export async function deliverEditions(
  db: Database,
  transport: Transport,
  settings: SenderSettings,
  options: { deadline?: number; shouldStop?: () => boolean; log?: FastifyBaseLogger } = {},
): Promise<SendReport> {
  const report: SendReport = { sent: 0, failed: 0, skipped: 0, temporary: 0 };
  const key = await loadLinkKey(db);
  const rendered = new Map<string, { mail: RenderedEdition; audience: EditionAudience }>();
  const batchSize = Math.max(settings.connections * 4, Math.min(500, settings.ratePerSecond));
  const interval = 1000 / settings.ratePerSecond;
  let nextStart = performance.now();
  let slowDown = 0;

  const editionOf = async (id: string) => {
    let known = rendered.get(id);
    if (!known) {
      const [row] = rowsOf<{ title: string; html: string; text: string; audience: EditionAudience }>(
        await db.execute(sql`select title, html, text, audience from newsletter_editions where id = ${id}`),
      );
      known = { mail: { subject: row!.title, html: row!.html, text: row!.text }, audience: row!.audience };
      rendered.set(id, known);
    }
    return known;
  };

  const sendOne = async (row: Claimed): Promise<Outcome> => {
    const { mail } = await editionOf(row.editionId);
    const token = signLink(key, 'unsubscribe', row.email);
    const oneClick = `${settings.publicUrl}${apiPaths.newsletterUnsubscribe}?token=${token}`;
    const copy = personalise(mail, `${settings.publicUrl}/unsubscribe?token=${token}`);
    try {
      await transport.deliver({
        to: row.email,
        subject: copy.subject,
        html: copy.html,
        text: copy.text,
        // RFC 8058: the mail client's own "Unsubscribe" button, one POST, no page to visit.
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      const verdict = classify(error);
      if (verdict.outcome === 'permanent' || row.attempts >= MAX_TEMPORARY_ATTEMPTS) {
        await db.execute(sql`update edition_deliveries set status = 'failed', last_error = ${verdict.reason}, locked_until = null where id = ${row.id}`);
        if (verdict.suppress) {
          await db.execute(sql`insert into mail_suppressions (email, reason) values (${row.email}, ${verdict.reason}) on conflict ((lower(email))) do nothing`);
          await db.execute(sql`update newsletter_signups set status = 'bounced', updated_at = now() where lower(email) = lower(${row.email})`);
        }
        report.failed += 1;
        return 'permanent';
      }
      await db.execute(sql`
        update edition_deliveries set last_error = ${verdict.reason}, locked_until = null,
          next_attempt_at = now() + ${retryDelaySeconds(row.attempts)} * interval '1 second'
        where id = ${row.id}`);
      report.temporary += 1;
      return 'temporary';
    }
    // Marked at once: from here a crash cannot send it again.
    await db.execute(sql`update edition_deliveries set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`);
    report.sent += 1;
    return 'sent';
  };

  for (;;) {
    if (options.shouldStop?.() || (options.deadline !== undefined && Date.now() >= options.deadline)) break;
    const claimed = rowsOf<Claimed>(
      await db.execute(sql`
        update edition_deliveries d set locked_until = now() + ${CLAIM_SECONDS} * interval '1 second', attempts = d.attempts + 1
        where d.id in (
          select d2.id from edition_deliveries d2 join newsletter_editions e on e.id = d2.edition_id
          where e.status = 'sending' and d2.status = 'pending' and d2.next_attempt_at <= now() and (d2.locked_until is null or d2.locked_until < now())
          order by d2.id limit ${batchSize}
          for update of d2 skip locked)
        returning d.id, d.edition_id as "editionId", d.email, d.attempts`),
    );
    if (claimed.length === 0) break;
    claimed.sort((a, b) => a.id - b.id);

    // Checked again now: whoever unsubscribed, bounced or was deleted since the edition started gets nothing.
    const skippedIds = new Set<number>();
    for (const editionId of new Set(claimed.map((row) => row.editionId))) {
      const { audience } = await editionOf(editionId);
      const ids = claimed.filter((row) => row.editionId === editionId).map((row) => row.id);
      const skipped = rowsOf<{ id: number }>(
        await db.execute(sql`
          update edition_deliveries d set status = 'skipped', locked_until = null
          where d.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and not (${eligible(audience, sql`d.email`)})
          returning d.id`),
      );
      for (const { id } of skipped) skippedIds.add(id);
    }
    report.skipped += skippedIds.size;
    const queue = claimed.filter((row) => !skippedIds.has(row.id));

    // At most `connections` messages in flight, started no faster than the rate allows. A pause
    // (or anything else that stops the edition) is seen within a second, not at the batch's end.
    let stopBatch = false;
    let paused = false;
    let checkedAt = Date.now();
    const stillSending = async () => {
      if (Date.now() - checkedAt < 1000) return !paused;
      checkedAt = Date.now();
      const ids = [...new Set(queue.map((row) => row.editionId))];
      if (ids.length === 0) return true;
      const live = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from newsletter_editions where status = 'sending' and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
      paused = live[0]!.n < ids.length;
      return !paused;
    };
    const workers = Array.from({ length: Math.min(settings.connections, queue.length) }, async () => {
      for (;;) {
        const row = queue.shift();
        if (!row) return;
        if (stopBatch || !(await stillSending())) {
          queue.unshift(row);
          return;
        }
        const wait = nextStart - performance.now();
        nextStart = Math.max(nextStart, performance.now()) + interval;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const outcome = await sendOne(row);
        if (outcome === 'temporary') stopBatch = true;
        else if (outcome === 'sent') slowDown = 0;
      }
    });
    await Promise.all(workers);
    if (queue.length > 0) {
      // Not tried: handed back as they were, without counting an attempt.
      await db.execute(
        sql`update edition_deliveries set locked_until = null, attempts = attempts - 1 where id in (${sql.join(
          queue.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
    }
    if (stopBatch) {
      // The mail server asked to slow down (421/4xx) or could not be reached: wait, longer each time.
      slowDown = Math.min(SLOW_DOWN_MS.max, slowDown ? slowDown * 2 : SLOW_DOWN_MS.first);
      options.log?.warn({ waitMs: slowDown }, 'the mail server refused for now; edition sending slows down');
      await new Promise((resolve) => setTimeout(resolve, slowDown));
      nextStart = performance.now();
    }
  }
  await finishSentEditions(db);
  return report;
}
