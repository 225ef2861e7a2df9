import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import type { EditionAudience } from '#shared/newsletter/editions';
import type { Database } from '../../db/client';
import type { Transport } from '../../mail/mailer';
import { personalise, type RenderedEdition, renderEdition } from './email';
import { type DeliveryReport, deliverQueue, type Queue } from '../../mail/queue';
import { loadLinkKey, signLink } from '../../mail/links';
import { rowsOf } from '../../db/rows';
import { editionDeliveries, newsletterEditions } from '../../db/schema';
import { refuseUnrenderable } from '../../http/errors';

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

/** Who receives an edition now: the SQL condition on an address `email`. */
function eligible(audience: EditionAudience, email: ReturnType<typeof sql>) {
  const notSuppressed = sql`not exists (select 1 from mail_suppressions m where lower(m.email) = lower(${email}))`;
  if (audience === 'premium') {
    return sql`exists (select 1 from users u where lower(u.email) = lower(${email}) and u.is_premium)
      and not exists (select 1 from newsletter_signups s where lower(s.email) = lower(${email}) and s.status in ('unsubscribed', 'bounced'))
      and ${notSuppressed}`;
  }
  return sql`exists (select 1 from newsletter_signups s where lower(s.email) = lower(${email}) and s.status = 'subscribed') and ${notSuppressed}`;
}

/** How many would receive an edition for `audience` if it were sent now. */
export async function audienceSize(db: Pick<Database, 'execute'>, audience: EditionAudience): Promise<number> {
  const source =
    audience === 'premium' ? sql`select u.email from users u where u.is_premium` : sql`select s.email from newsletter_signups s where s.status = 'subscribed'`;
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from (${source}) r where ${eligible(audience, sql`r.email`)}`));
  return row?.count ?? 0;
}

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
    const [edition] = rowsOf<{ id: string; title: string; summary: string; body: string; slug: string; audience: EditionAudience; status: string }>(
      await tx.execute(sql`select id, title, summary, body, slug, audience, status from newsletter_editions where id = ${editionId} for update`),
    );
    if (!edition || !from.includes(edition.status)) return false;
    // Saved before such text was refused: it is not sent cut short (a 400 to an admin, a log line for the job).
    refuseUnrenderable({ body: ['Body', edition.body] });
    const issueNumber = edition.audience === 'subscribers' ? await nextIssueNumber(tx) : null;
    const rendered = await renderEdition({ ...edition, issueNumber }, settings);
    const source =
      edition.audience === 'premium'
        ? sql`select u.email from users u where u.is_premium`
        : sql`select s.email from newsletter_signups s where s.status = 'subscribed'`;
    await tx.execute(sql`
      insert into edition_deliveries (edition_id, email)
      select ${edition.id}, r.email from (${source}) r where ${eligible(edition.audience, sql`r.email`)}
      on conflict do nothing`);
    await tx.execute(sql`
      update newsletter_editions set status = 'sending', issue_number = ${issueNumber}, started_at = now(), html = ${rendered.html}, text = ${rendered.text}, updated_at = now()
      where id = ${edition.id}`);
    return true;
  });
}

/**
 * The public editions' next number. Premium announcements take none, so the public archive runs
 * without gaps; those that took one under an earlier version keep it (their members were sent
 * it), and the count goes on after the highest number given.
 */
async function nextIssueNumber(tx: Pick<Database, 'execute'>): Promise<number> {
  // Handed out one edition at a time, whichever server starts which edition.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('newsletter_editions.issue_number'))`);
  const [numbered] = rowsOf<{ next: number }>(await tx.execute(sql`select coalesce(max(issue_number), 0) + 1 as next from newsletter_editions`));
  return numbered!.next;
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
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`select id from newsletter_editions where status = 'scheduled' and scheduled_at <= now() order by scheduled_at`),
  );
  let started = 0;
  for (const { id } of due) {
    try {
      if (await startSending(db, id, settings, ['scheduled'])) started += 1;
    } catch (error) {
      log?.error({ err: error, editionId: id }, 'a scheduled edition could not start sending; the others go on');
    }
  }
  return started;
}

/** Editions with nothing left to send are sent. */
export async function finishSentEditions(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`
    update newsletter_editions e set status = 'sent', sent_at = now(), updated_at = now()
    where e.status = 'sending' and not exists (select 1 from edition_deliveries d where d.edition_id = e.id and d.status = 'pending')`);
}

interface Copy {
  id: number;
  attempts: number;
  editionId: string;
  email: string;
}

/**
 * Sends what is due of every edition that is sending, through the one delivery engine
 * (server/mail/queue.ts, decision 034), until nothing is left, `deadline` passes or `shouldStop`
 * says so. Run by the weekly-dish job, whose slices may overlap on several servers (the claims
 * keep them apart); tests call it directly.
 */
export async function deliverEditions(
  db: Database,
  transport: Transport,
  settings: SenderSettings,
  options: { deadline?: number; shouldStop?: () => boolean; log?: FastifyBaseLogger } = {},
): Promise<DeliveryReport> {
  const key = await loadLinkKey(db);
  const rendered = new Map<string, { mail: RenderedEdition; audience: EditionAudience }>();
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
  const idList = (ids: (string | number)[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );

  const queue: Queue<Copy> = {
    table: editionDeliveries,
    returning: sql`id, attempts, edition_id as "editionId", email`,
    // An edition's copies go only while it is sending: a pause holds them.
    join: sql`join ${newsletterEditions} e on e.id = q.edition_id`,
    where: sql`e.status = 'sending'`,
    order: sql`q.id`,
    async send(row) {
      const { mail } = await editionOf(row.editionId);
      const token = signLink(key, 'unsubscribe', row.email);
      const oneClick = `${settings.publicUrl}${apiPaths.newsletterUnsubscribe}?token=${token}`;
      const copy = personalise(mail, `${settings.publicUrl}/unsubscribe?token=${token}`);
      await transport.deliver({
        to: row.email,
        subject: copy.subject,
        html: copy.html,
        text: copy.text,
        // RFC 8058: the mail client's own "Unsubscribe" button, one POST, no page to visit.
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    },
    // Checked again now: whoever unsubscribed, bounced or was deleted since the edition started gets nothing.
    async recheck(rows) {
      const skipped = new Set<number>();
      for (const editionId of new Set(rows.map((row) => row.editionId))) {
        const { audience } = await editionOf(editionId);
        const ids = rows.filter((row) => row.editionId === editionId).map((row) => row.id);
        const marked = rowsOf<{ id: number }>(
          await db.execute(sql`
            update edition_deliveries d set status = 'skipped', locked_until = null
            where d.id in (${idList(ids)}) and not (${eligible(audience, sql`d.email`)})
            returning d.id`),
        );
        for (const { id } of marked) skipped.add(id);
      }
      return rows.filter((row) => !skipped.has(row.id));
    },
    async stillWanted(rows) {
      const ids = [...new Set(rows.map((row) => row.editionId))];
      if (ids.length === 0) return true;
      const [live] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from newsletter_editions where status = 'sending' and id in (${idList(ids)})`),
      );
      return live!.n === ids.length;
    },
    // A 5xx to RCPT TO refuses the address for good: never mailed again.
    async refused(row, refusal) {
      if (!refusal.addressRefused) return;
      await db.execute(sql`insert into mail_suppressions (email, reason) values (${row.email}, ${refusal.reason}) on conflict ((lower(email))) do nothing`);
      await db.execute(sql`update newsletter_signups set status = 'bounced', updated_at = now() where lower(email) = lower(${row.email})`);
    },
  };
  const pace = {
    connections: settings.connections,
    ratePerSecond: settings.ratePerSecond,
    batchSize: Math.max(settings.connections * 4, Math.min(500, settings.ratePerSecond)),
    pauseOnRefusal: true,
  };
  const report = await deliverQueue(db, queue, pace, options);
  await finishSentEditions(db);
  return report;
}
