import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import type { EditionAudience } from '#shared/newsletter/editions';
import type { Database, Executor } from '../../db/client';
import type { Transport } from '../../mail/transport';
import { personalise, renderEdition } from './edition-mail';
import { CountedLinks, PREFERENCES_PLACEHOLDER, type RenderedEdition, UNSUBSCRIBE_PLACEHOLDER } from './edition-mail-parts';
import { type CompiledMail, compileMail } from '../../mail/compiled-mail';
import { type DeliveryReport, deliverQueue, type Queue } from '../../mail/delivery-engine';
import { sharedRateGate } from '../../mail/rate-gate';
import { loadLinkKey, preferencesLink, signLink } from '../../mail/links';
import { editionDeliveries, newsletterEditions } from './schema';
import { HttpError, refuseUnrenderable } from '../../http/errors';
import { recordBounce } from '../bounces/repo';
import { bounceToken, messageId, returnPath } from '../bounces/token';
import { composedEdition, countSending, dueEditions, finishSentEditions, lockEditionToSend, markSending, nextIssueNumber, skipIneligibleCopies } from './repo';
import { type AudienceTarget, fixRecipients, writeAllFixedDeliveries } from './recipients-repo';
import { findSegment } from './segments-repo';
import { storeEditionLinks } from './counts-repo';

/**
 * Sending an edition to everyone (decision 028). When sending starts, its recipients are fixed in
 * one row (decision 099); before its next claim the sender writes one row per recipient into
 * edition_deliveries (unique per edition and address) and deletes that row. Then batches are
 * claimed with FOR UPDATE SKIP LOCKED, each recipient is checked again (unsubscribed, bounced or
 * deleted since: skipped), sent at the configured rate over at most `connections` connections,
 * and marked sent as soon as the mail server accepted it (with the others accepted within 50 ms,
 * decision 050). A crash can therefore repeat only the messages in flight at that moment (at most
 * `connections`) and those waiting for their mark, once their claim runs out.
 */
export interface SenderSettings {
  publicUrl: string;
  postalAddress: string;
  ratePerSecond: number;
  connections: number;
  /** Reports come back to this address with each copy's token (decision 043). */
  bounceAddress: string;
}
/** What starting to send needs: the site's time zone too, in which a segment's signup days run midnight to midnight. */
export type StartSettings = Pick<SenderSettings, 'publicUrl' | 'postalAddress'> & { timeZone: string };

/**
 * Starts sending an edition that is a draft, scheduled or due: renders it once, fixes its
 * recipients and numbers it, all under the edition's row lock, so a second click, a second admin
 * or a second server finds it already sending and does nothing. Answers whether this call started it.
 */
export async function startSending(
  db: Database,
  editionId: string,
  settings: StartSettings,
  from: readonly string[] = ['draft', 'scheduled'],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const edition = await lockEditionToSend(tx, editionId);
    if (!edition || !from.includes(edition.status)) return false;
    // Saved before such text was refused: it is not sent cut short (a 400 to an admin, a log line for the job).
    refuseUnrenderable({ body: ['Body', edition.body] });
    const target = await audienceTarget(tx, edition);
    const issueNumber = edition.audience === 'subscribers' ? await nextIssueNumber(tx) : null;
    // Rendered once for everyone: the counted links are the same in every copy (decision 045).
    const counted = new CountedLinks(edition.id, settings.publicUrl, edition.askFeedback);
    const rendered = await renderEdition({ ...edition, issueNumber }, settings, { counted });
    await storeEditionLinks(tx, edition.id, counted.urls);
    await fixRecipients(tx, edition.id, target, settings.timeZone);
    await markSending(tx, edition.id, { issueNumber, html: rendered.html, text: rendered.text });
    return true;
  });
}

/** Whom an edition is for, its segment's filter read as it is now. A segment cannot be deleted while an unsent edition uses it (decision 046). */
export async function audienceTarget(db: Executor, edition: { audience: EditionAudience; segmentId: string | null }): Promise<AudienceTarget> {
  if (edition.audience !== 'segment') return { audience: edition.audience };
  const segment = edition.segmentId ? await findSegment(db, edition.segmentId) : null;
  if (!segment) throw new HttpError(409, 'The segment this edition was for no longer exists: choose another audience.');
  return { audience: 'segment', filter: segment.filter };
}

/**
 * Editions scheduled for now or earlier start sending. One that cannot start (its text cannot
 * be rendered, a fault) is logged and stays scheduled: it never keeps the others, or the
 * deliveries already under way, from going out.
 */
export async function startDueEditions(db: Database, settings: StartSettings, log?: { error(details: object, message: string): void }): Promise<number> {
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

const ONE_CLICK_PLACEHOLDER = '{{one_click_url}}';
// RFC 8058: the mail client's own "Unsubscribe" button, one POST, no page to visit.
const listHeaders = (oneClick: string) => ({ 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

interface Copy {
  id: number;
  attempts: number;
  editionId: string;
  email: string;
}

/**
 * Sends what is due of every edition that is sending, through the one delivery engine
 * (server/mail/delivery-engine.ts, decision 034), until nothing is left, `deadline` passes or `shouldStop`
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
  const rendered = new Map<string, { mail: RenderedEdition; compiled: CompiledMail; audience: EditionAudience }>();
  const editionOf = async (id: string) => {
    let known = rendered.get(id);
    if (!known) {
      const row = await composedEdition(db, id);
      // Sending, so composed: markSending wrote its HTML and text.
      const mail = { subject: row!.title, html: row!.html!, text: row!.text! };
      // Composed once for every copy this server sends: each copy fills in its address and links.
      const compiled = await compileMail({ ...mail, from: transport.from, headers: listHeaders(ONE_CLICK_PLACEHOLDER) }, [
        UNSUBSCRIBE_PLACEHOLDER,
        PREFERENCES_PLACEHOLDER,
        ONE_CLICK_PLACEHOLDER,
      ]);
      known = { mail, compiled, audience: row!.audience };
      rendered.set(id, known);
    }
    return known;
  };

  const queue: Queue<Copy> = {
    table: editionDeliveries,
    returning: sql`id, attempts, edition_id as "editionId", email`,
    // An edition's copies go only while it is sending: a pause holds them.
    join: sql`join ${newsletterEditions} e on e.id = q.edition_id`,
    where: sql`e.status = 'sending'`,
    order: sql`q.id`,
    // The recipients of editions that started sending since the last claim become deliveries.
    async prepare() {
      await writeAllFixedDeliveries(db);
    },
    async send(row) {
      const { mail, compiled } = await editionOf(row.editionId);
      const token = signLink(key, 'preferences', row.email);
      // The edition rides along so an unsubscribe can be counted against it (a count, not who: decision 045).
      const query = `token=${token}&edition=${row.editionId}`;
      const oneClick = `${settings.publicUrl}${apiPaths.newsletterUnsubscribe}?${query}`;
      const links = { unsubscribe: `${settings.publicUrl}/unsubscribe?${query}`, preferences: preferencesLink(key, settings.publicUrl, row.email) };
      // Each copy's own return path and Message-ID: a bounce or a complaint names this copy, and only it (decision 043).
      const bounce = bounceToken(key, row.id);
      const envelopeFrom = returnPath(settings.bounceAddress, bounce);
      const ownId = messageId(settings.bounceAddress, bounce);
      const raw = compiled.copyFor(
        row.email,
        { [UNSUBSCRIBE_PLACEHOLDER]: links.unsubscribe, [PREFERENCES_PLACEHOLDER]: links.preferences, [ONE_CLICK_PLACEHOLDER]: oneClick },
        ownId,
      );
      if (raw) return transport.deliverRaw({ to: row.email, subject: mail.subject, raw, envelopeFrom, messageId: ownId });
      const copy = personalise(mail, links);
      await transport.deliver({ to: row.email, envelopeFrom, messageId: ownId, ...copy, headers: listHeaders(oneClick) });
    },
    // Checked again now: whoever unsubscribed, bounced or was deleted since the edition started gets nothing.
    async recheck(rows) {
      const skipped = new Set<number>();
      for (const editionId of new Set(rows.map((row) => row.editionId))) {
        const { audience } = await editionOf(editionId);
        const ids = rows.filter((row) => row.editionId === editionId).map((row) => row.id);
        for (const id of await skipIneligibleCopies(db, audience, ids)) skipped.add(id);
      }
      return rows.filter((row) => !skipped.has(row.id));
    },
    async stillWanted(rows) {
      const ids = [...new Set(rows.map((row) => row.editionId))];
      if (ids.length === 0) return true;
      return (await countSending(db, ids)) === ids.length;
    },
    // A 5xx to RCPT TO refuses the address for good: a hard bounce, never mailed again.
    async refused(row, refusal) {
      if (!refusal.addressRefused) return;
      const status = /\b5\.\d{1,3}\.\d{1,3}\b/.exec(refusal.reason)?.[0] ?? refusal.reason.split(' ')[0] ?? '';
      await recordBounce(db, { ...row, id: Number(row.id) }, { kind: 'hard', status, diagnostic: refusal.reason, source: 'smtp' });
    },
  };
  const pace = {
    connections: settings.connections,
    // One rate for every server sending editions at once (decision 049).
    rate: sharedRateGate(db, 'weekly-dish', settings.ratePerSecond),
    batchSize: Math.max(settings.connections * 4, Math.min(500, settings.ratePerSecond)),
    pauseOnRefusal: true,
    // Copies accepted within 50 ms are marked sent in one statement (decision 050).
    markWithinMs: 50,
  };
  const report = await deliverQueue(db, queue, pace, options);
  await finishSentEditions(db);
  return report;
}
