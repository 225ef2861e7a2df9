import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { type MailgunWebhook, mailgunWebhookSchema } from '#shared/newsletter/bounces';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { loadLinkKey } from '../../mail/links';
import type { ReportedBounce } from './report';
import { applyReport } from './service';

/** How far a webhook's timestamp may be from our clock: an old signed request replayed later is refused. */
export const WEBHOOK_WINDOW_SECONDS = 15 * 60;

/** Mailgun signs the timestamp and token (not the body) with the webhook signing key: HMAC-SHA256, hex. */
function verifyMailgun(signingKey: string, signature: MailgunWebhook['signature'], now: number): void {
  const expected = createHmac('sha256', signingKey).update(`${signature.timestamp}${signature.token}`).digest();
  const given = Buffer.from(signature.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, 'The webhook signature does not match');
  if (Math.abs(now - Number(signature.timestamp)) > WEBHOOK_WINDOW_SECONDS) {
    throw new HttpError(400, `The webhook timestamp is more than ${WEBHOOK_WINDOW_SECONDS / 60} minutes from now: refused as stale`);
  }
}

/** A failure or a complaint as a report about one copy; other events (delivered, opened…) are not reports. */
function mailgunReport(event: MailgunWebhook['event-data']): { bounces: ReportedBounce[]; tokenTexts: string[] } | null {
  const addresses = event.recipient ? [event.recipient.trim().toLowerCase()] : [];
  // The copy's token travels in its Message-ID and envelope sender; Mailgun reports both.
  const tokenTexts = [event.message?.headers?.['message-id'], event.envelope?.sender].filter((text): text is string => Boolean(text));
  if (event.event === 'complained') return { bounces: [{ kind: 'complaint', addresses, status: '', diagnostic: 'complaint reported by Mailgun' }], tokenTexts };
  if (event.event !== 'failed') return null;
  const status = event['delivery-status'];
  const words = [status?.message, status?.description].filter(Boolean).join(' ');
  const enhanced = /\b[45]\.\d{1,3}\.\d{1,3}\b/.exec(words)?.[0];
  return {
    bounces: [
      {
        kind: event.severity === 'permanent' ? 'hard' : 'soft',
        addresses,
        status: enhanced ?? (status?.code !== undefined ? String(status.code) : ''),
        diagnostic: words.slice(0, 1000),
      },
    ],
    tokenTexts,
  };
}

/**
 * POST /api/webhooks/mailgun (decision 043): Mailgun's "failed" and "complained" events, signed
 * with the webhook signing key. A wrong signature is a 401 and a stale one a 400, with nothing
 * changed; an event about no copy of ours is answered 200 and ignored with a log line, so Mailgun
 * does not retry it.
 */
export async function bounceWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(apiPaths.mailgunWebhook, async (request) => {
    const signingKey = ctx.env.MAILGUN_WEBHOOK_SIGNING_KEY;
    if (!signingKey) throw new HttpError(404, 'Mailgun webhooks are not set up on this site (MAILGUN_WEBHOOK_SIGNING_KEY)');
    const body = parseInput(mailgunWebhookSchema, request.body);
    verifyMailgun(signingKey, body.signature, Date.now() / 1000);
    const report = mailgunReport(body['event-data']);
    if (!report) return { received: true, outcome: 'not a bounce or a complaint' };
    const [outcome] = await applyReport(ctx.db, await loadLinkKey(ctx.db), report, 'webhook', request.log, { event: body['event-data'].event });
    return { received: true, outcome };
  });
}
