import { and, eq, gt, gte, inArray, max, sql } from 'drizzle-orm';
import { type BounceKind, type BounceSource, SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_WINDOW_DAYS } from '#shared/newsletter/bounces';
import type { Database, Executor, Transaction } from '../../db/client';
import { adminAuditLog, mailSuppressions } from '../../db/schema';
import { editionBounces } from './schema';
import { editionDeliveries, newsletterEditions } from '../editions/schema';
import { newsletterSignups } from '../newsletter/schema';
import { optOut } from '../../mail/topic-opt-outs';
import { byAddress, type PersonalData, underVerifiedAddress } from '../../personal-data';

/** The audit log's action for a lifted suppression: the soft bounces before it no longer count. */
export const LIFT_ACTION = 'suppression.lift';

/** One copy of an edition: whom it went to, and which edition. */
export async function deliveryById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: editionDeliveries.id, editionId: editionDeliveries.editionId, email: editionDeliveries.email })
    .from(editionDeliveries)
    .where(eq(editionDeliveries.id, id));
  return row ?? null;
}

export type Delivery = NonNullable<Awaited<ReturnType<typeof deliveryById>>>;

export interface BounceEntry {
  kind: BounceKind;
  status: string;
  diagnostic: string;
  source: BounceSource;
}

export type BounceOutcome = 'repeat' | 'recorded' | 'suppressed';

// lower() has no builder form: addresses are one person whatever their case.
const sameAddress = (column: typeof mailSuppressions.email | typeof newsletterSignups.email | typeof editionBounces.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

async function suppress(tx: Transaction, email: string, reason: string): Promise<void> {
  await tx
    .insert(mailSuppressions)
    .values({ email, reason: reason.slice(0, 500) })
    .onConflictDoNothing();
}

/** Soft bounces of the address within the window, since an admin last lifted its suppression. */
async function recentSoftBounces(tx: Transaction, email: string): Promise<number> {
  const [lifted] = await tx
    .select({ at: max(adminAuditLog.createdAt) })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, LIFT_ACTION), eq(adminAuditLog.targetId, email.toLowerCase())));
  return tx.$count(
    editionBounces,
    and(
      eq(editionBounces.kind, 'soft'),
      sameAddress(editionBounces.email, email),
      gte(editionBounces.receivedAt, sql`now() - ${SOFT_BOUNCE_WINDOW_DAYS} * interval '1 day'`),
      lifted?.at ? gt(editionBounces.receivedAt, lifted.at) : undefined,
    ),
  );
}

/**
 * Stores what came back about one copy and applies the rules (decision 043), in one transaction:
 * a hard bounce suppresses the address at once, the third soft bounce within 30 days does, a
 * complaint unsubscribes and suppresses. A second report of the same kind about the same copy
 * (read twice, on two servers, retried by a webhook, or by the mailbox and the webhook both)
 * changes nothing.
 */
export async function recordBounce(db: Database, delivery: Delivery, entry: BounceEntry): Promise<BounceOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(editionBounces)
      .values({
        deliveryId: delivery.id,
        editionId: delivery.editionId,
        email: delivery.email,
        kind: entry.kind,
        status: entry.status.slice(0, 20),
        diagnostic: entry.diagnostic.slice(0, 1000),
        source: entry.source,
      })
      .onConflictDoNothing({ target: [editionBounces.deliveryId, editionBounces.kind] })
      .returning({ id: editionBounces.id });
    if (inserted.length === 0) return 'repeat';
    // The status once: a diagnostic often starts with it already ("5.1.1 <a@b>: User unknown").
    const detail = entry.diagnostic.includes(entry.status) ? entry.diagnostic : [entry.status, entry.diagnostic].filter(Boolean).join(' ');
    if (entry.kind === 'hard') {
      await suppress(tx, delivery.email, `Hard bounce: ${detail}`);
      await tx
        .update(newsletterSignups)
        .set({ status: 'bounced', updatedAt: sql`now()` })
        .where(and(sameAddress(newsletterSignups.email, delivery.email), inArray(newsletterSignups.status, ['subscribed', 'pending'])));
      return 'suppressed';
    }
    if (entry.kind === 'complaint') {
      await suppress(tx, delivery.email, `Complaint: ${detail || 'marked as spam'}`);
      // A complaint also leaves the newsletter (decision 071): lifting the suppression later does not bring the editions back.
      await optOut(tx, delivery.email, ['newsletter']);
      return 'suppressed';
    }
    if ((await recentSoftBounces(tx, delivery.email)) < SOFT_BOUNCE_LIMIT) return 'recorded';
    await suppress(tx, delivery.email, `${SOFT_BOUNCE_LIMIT} soft bounces within ${SOFT_BOUNCE_WINDOW_DAYS} days, the last: ${detail}`);
    await tx
      .update(newsletterSignups)
      .set({ status: 'bounced', updatedAt: sql`now()` })
      .where(and(sameAddress(newsletterSignups.email, delivery.email), inArray(newsletterSignups.status, ['subscribed', 'pending'])));
    return 'suppressed';
  });
}

/**
 * Lifts an address's suppression: editions go to it again if it is still subscribed (a bounced
 * signup is subscribed again; one that left the newsletter or complained has still left it,
 * decision 071). Returns the
 * suppression lifted, or null when the address was not suppressed.
 */
export async function liftSuppression(tx: Transaction, email: string) {
  const [lifted] = await tx
    .delete(mailSuppressions)
    .where(sameAddress(mailSuppressions.email, email))
    .returning({ email: mailSuppressions.email, reason: mailSuppressions.reason });
  if (!lifted) return null;
  await tx
    .update(newsletterSignups)
    .set({ status: 'subscribed', updatedAt: sql`now()` })
    .where(and(sameAddress(newsletterSignups.email, email), eq(newsletterSignups.status, 'bounced')));
  return lifted;
}

/** Bounces' part of "Download my data" (server/personal-data.ts): they go with the deliveries they are about. */
export const bouncesPersonalData: PersonalData = {
  tables: {
    edition_bounces: {
      exported: 'weeklyDishBounces',
      erased: true,
      how: "each bounce or complaint about an edition sent to the verified address; deleted with those editions' deliveries",
    },
  },
  collect: async (db, member) => ({
    weeklyDishBounces: await underVerifiedAddress(member, () =>
      db
        .select({
          edition: newsletterEditions.title,
          kind: editionBounces.kind,
          status: editionBounces.status,
          diagnostic: editionBounces.diagnostic,
          receivedAt: editionBounces.receivedAt,
        })
        .from(editionBounces)
        .innerJoin(newsletterEditions, eq(newsletterEditions.id, editionBounces.editionId))
        .where(byAddress(editionBounces.email, member.email)),
    ),
  }),
};
