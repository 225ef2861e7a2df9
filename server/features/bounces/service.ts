import type { Database } from '../../db/client';
import type { BounceSource } from '#shared/newsletter/bounces';
import { type BounceOutcome, deliveryById, recordBounce } from './repo';
import type { ReportedBounce } from './report';
import { findDelivery } from './token';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export type ReportOutcome = BounceOutcome | 'ignored';

/**
 * Applies a report about one copy of an edition, from the mailbox or a webhook: the copy is the
 * one its genuine token names (never one an address alone would match: a forged or another site's
 * report suppresses nobody), and every address the report names must be that copy's recipient.
 * Anything else is ignored with a log line.
 */
export async function applyReport(
  db: Database,
  key: Buffer,
  report: { bounces: ReportedBounce[]; tokenTexts: string[] },
  source: BounceSource,
  log: Log,
  about: object = {},
): Promise<ReportOutcome[]> {
  const deliveryId = findDelivery(key, report.tokenTexts);
  if (deliveryId === null) {
    log.warn({ ...about, source }, 'a bounce report names no copy of ours (no token, or a forged one): ignored');
    return ['ignored'];
  }
  const delivery = await deliveryById(db, deliveryId);
  if (!delivery) {
    log.warn({ ...about, source, deliveryId }, 'a bounce report names a copy that no longer exists: ignored');
    return ['ignored'];
  }
  const outcomes: ReportOutcome[] = [];
  for (const bounce of report.bounces) {
    const recipient = delivery.email.toLowerCase();
    if (bounce.addresses.length > 0 && !bounce.addresses.includes(recipient)) {
      log.warn(
        { ...about, source, deliveryId, named: bounce.addresses.slice(0, 3) },
        "a bounce report names an address that is not this copy's recipient: ignored",
      );
      outcomes.push('ignored');
      continue;
    }
    const outcome = await recordBounce(db, delivery, { ...bounce, source });
    log.info({ ...about, source, deliveryId, editionId: delivery.editionId, kind: bounce.kind, status: bounce.status, outcome }, 'bounce report applied');
    outcomes.push(outcome);
  }
  return outcomes;
}
