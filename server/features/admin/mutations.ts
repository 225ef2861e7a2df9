import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicUser } from '#shared/auth/user';
import { formatDollars, type PlanType, plans } from '#shared/pricing';
import { grantEnd, type GrantLength } from '#shared/membership/grant-lengths';
import { siteLongDate } from '#shared/site-time';
import { syncSubscription } from '../membership/apply-event';
import { billingProvider, clockNow } from '../../payment-providers/choose-provider';
import { cancelUserSubscriptionsNow } from '../membership/cancel-now';
import { endedByTeamMail } from '../membership/mails';
import { COMPLIMENTARY, endComplimentary, grantComplimentary, liveMembership, lockMember } from '../membership/membership';
import { ProviderUnavailableError } from '../../payment-providers/provider';
import type { AppContext } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { sessions } from '../../db/schema';
import { allies, allyReviews } from '../allies/schema';
import { checkupResults } from '../checkup/schema';
import { contactMessages } from '../contact/schema';
import { subscriptions } from '../membership/schema';
import { newsletterSignups } from '../newsletter/schema';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../../audit-log';
import type { PersonalData } from '../../personal-data';
import { eraseMember } from '../account/repo';
import { countAdmins, lockUser, setAdminFlag, userContact, userSummary } from '../../users-repo';

/**
 * Every admin change of docs/product.md §7. Each runs in one transaction with its audit row; each
 * sets the value it was given (never a toggle of the stored one), so when two admins change the
 * same record the last change wins and both see it after reloading.
 */

const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Locks every admin row, so two admins demoting themselves at once cannot leave the site with none. */
const lockedAdminCount = (tx: Transaction) => countAdmins(tx, true);

const LAST_ADMIN = 'You are the last admin: make another user an admin before removing your own admin access.';

export function setUserAdmin(db: Database, admin: PublicUser, id: string, isAdmin: boolean) {
  return db.transaction(async (tx) => {
    if (!isAdmin && id === admin.id && (await lockedAdminCount(tx)) <= 1) throw new HttpError(409, LAST_ADMIN);
    const row = await setAdminFlag(tx, id, isAdmin);
    if (!row) throw notFound('User');
    await recordAudit(tx, admin, {
      action: isAdmin ? 'user.admin.grant' : 'user.admin.revoke',
      targetType: 'user',
      targetId: id,
      details: { email: row.email },
    });
    return row;
  });
}

/**
 * An admin's premium switch, through the membership module (decision 025). On: a complimentary
 * membership, unless the member has one already. Off: a complimentary membership ends at once; a
 * paid one needs the admin's choice (`endSubscription`), since the member is billed: ended now at
 * the provider, or at the end of the paid period (premium stays until then).
 */
export async function setUserPremium(
  ctx: AppContext,
  admin: PublicUser,
  id: string,
  input: { isPremium: boolean; endSubscription?: 'now' | 'period_end'; grantFor?: GrantLength },
  log: FastifyBaseLogger,
) {
  const { db } = ctx;
  const target = await userContact(db, id);
  if (!target) throw notFound('User');
  const live = await liveMembership(db, id);
  if (input.grantFor && live && live.provider !== COMPLIMENTARY) {
    throw new HttpError(409, `${target.email} pays for a ${plans[live.plan].label} membership: a complimentary grant cannot be added to it.`, {
      grantFor: 'The member pays: nothing to grant',
    });
  }
  // A length counts from now on the clock the grants job ends it by; without one, the grant has no end (the switch's grant).
  const grantEndsAt = input.grantFor ? grantEnd(input.grantFor, await clockNow(ctx)) : null;
  let ended: { plan: PlanType; endsAt: Date | null; now: boolean; told: boolean } | undefined;
  if (!input.isPremium && live && live.provider !== COMPLIMENTARY) {
    if (!input.endSubscription) {
      const next = live.cancelAtPeriodEnd
        ? 'no further charge'
        : `next charge ${formatDollars(plans[live.plan].amountCents)} on ${live.currentPeriodEnd ? siteLongDate(live.currentPeriodEnd, ctx.env.SITE_TIMEZONE) : 'its renewal date'}`;
      throw new HttpError(
        409,
        `${target.email} pays for a ${plans[live.plan].label} membership (${next}): choose to end it now or at the end of the paid period.`,
        {
          endSubscription: 'Choose now or period_end',
        },
      );
    }
    // Marked first, so the member can no longer resume or switch it and the provider's change
    // is not mailed as "cancelled, as you asked"; taken back if the provider cannot be reached.
    const alreadyEnded = live.endedByAdminAt;
    if (!alreadyEnded) await db.update(subscriptions).set({ endedByAdminAt: new Date() }).where(eq(subscriptions.id, live.id));
    const provider = billingProvider(ctx);
    try {
      const readAt = new Date();
      const state =
        input.endSubscription === 'now'
          ? await provider.cancelNow(live.providerSubscriptionId)
          : await provider.setCancelAtPeriodEnd(live.providerSubscriptionId, true);
      if (state) await syncSubscription({ ctx, provider, log }, state, readAt);
    } catch (error) {
      if (!alreadyEnded) await db.update(subscriptions).set({ endedByAdminAt: null }).where(eq(subscriptions.id, live.id));
      if (error instanceof ProviderUnavailableError)
        throw new HttpError(502, 'The payment provider could not be reached, so nothing was changed. Please try again.');
      throw error;
    }
    ended = { plan: live.plan, endsAt: live.currentPeriodEnd, now: input.endSubscription === 'now', told: Boolean(alreadyEnded) };
  }
  const { row, mailIds } = await db.transaction(async (tx) => {
    await lockMember(tx, id);
    if (input.isPremium) await grantComplimentary(tx, id, grantEndsAt);
    else await endComplimentary(tx, id);
    const row = await userSummary(tx, id);
    if (!row) throw notFound('User');
    await recordAudit(tx, admin, {
      action: input.isPremium ? 'user.premium.grant' : 'user.premium.revoke',
      targetType: 'user',
      targetId: id,
      details: {
        email: row.email,
        ...(input.endSubscription ? { endSubscription: input.endSubscription } : {}),
        ...(input.isPremium ? { grantFor: input.grantFor ?? 'without_end', endsAt: grantEndsAt?.toISOString() ?? null } : {}),
      },
    });
    // The member hears it once: ending at period end, then now, tells them only that it ended today.
    const tell = ended && (!ended.told || ended.now);
    const mail = tell
      ? endedByTeamMail(
          { email: row.email, firstName: row.firstName },
          { plan: ended!.plan, endsAt: ended!.endsAt, now: ended!.now, publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE },
        )
      : null;
    return { row, mailIds: mail ? [await ctx.mailer.store(tx, mail)] : [] };
  });
  ctx.mailer.deliverNow(mailIds);
  return row;
}

/**
 * Deletes a user. Their paid subscription is cancelled at the payment provider first (a network
 * call, so outside the transaction): nobody is charged for an account that no longer exists, and
 * if the provider cannot be reached nothing is deleted. Their sessions end with the user row.
 */
export async function deleteUser(ctx: AppContext, personalDataParts: readonly PersonalData[], admin: PublicUser, id: string, log: FastifyBaseLogger) {
  const target = await userSummary(ctx.db, id);
  if (!target) throw notFound('User');
  if (target.isAdmin && id === admin.id && (await countAdmins(ctx.db)) <= 1) throw new HttpError(409, LAST_ADMIN_DELETE);
  let cancelled: number;
  try {
    cancelled = await cancelUserSubscriptionsNow(ctx, id, log);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      throw new HttpError(
        502,
        'The subscription could not be cancelled because the payment provider could not be reached, so nothing was deleted. Please try again.',
      );
    }
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const locked = await lockUser(tx, id);
    if (!locked) throw notFound('User');
    if (locked.isAdmin && id === admin.id && (await lockedAdminCount(tx)) <= 1) throw new HttpError(409, LAST_ADMIN_DELETE);
    const [counted] = await tx.select({ ended: count() }).from(sessions).where(eq(sessions.userId, id));
    // Erased as the member's own deletion erases (their sessions go with the account); the audit
    // entry keeps who did it and what ended, not whose address it was.
    await eraseMember(tx, personalDataParts, { id, email: locked.email });
    await recordAudit(tx, admin, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      details: { sessionsEnded: counted?.ended ?? 0, subscriptionsCancelled: cancelled },
    });
    return { id };
  });
}

const LAST_ADMIN_DELETE = 'You are the last admin: you cannot delete your own account.';

export function setAllyApproved(db: Database, admin: PublicUser, id: string, approved: boolean) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(allies)
      // The first approval lists it (the week's Allies news names it); approving again after an unapprove does not.
      .set(approved ? { approved, lastVerifiedAt: now, listedAt: sql`coalesce(${allies.listedAt}, ${now})`, updatedAt: now } : { approved, updatedAt: now })
      .where(eq(allies.id, id))
      .returning();
    if (!row) throw notFound('Ally');
    await recordAudit(tx, admin, { action: approved ? 'ally.approve' : 'ally.unapprove', targetType: 'ally', targetId: id, details: { name: row.name } });
    return row;
  });
}

export function verifyAlly(db: Database, admin: PublicUser, id: string) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx.update(allies).set({ lastVerifiedAt: now, updatedAt: now }).where(eq(allies.id, id)).returning();
    if (!row) throw notFound('Ally');
    await recordAudit(tx, admin, { action: 'ally.verify', targetType: 'ally', targetId: id, details: { name: row.name } });
    return row;
  });
}

export function deleteAlly(db: Database, admin: PublicUser, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(allies).where(eq(allies.id, id)).returning({ id: allies.id, name: allies.name });
    if (!row) throw notFound('Ally');
    await recordAudit(tx, admin, { action: 'ally.delete', targetType: 'ally', targetId: id, details: { name: row.name } });
    return { id };
  });
}

export function setReviewHidden(db: Database, admin: PublicUser, id: string, hidden: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(allyReviews).set({ hidden, updatedAt: new Date() }).where(eq(allyReviews.id, id)).returning();
    if (!row) throw notFound('Review');
    await recordAudit(tx, admin, { action: hidden ? 'review.hide' : 'review.show', targetType: 'review', targetId: id, details: { allyId: row.allyId } });
    return row;
  });
}

export function setContactStatus(db: Database, admin: PublicUser, id: string, status: 'new' | 'contacted' | 'resolved') {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning();
    if (!row) throw notFound('Contact message');
    await recordAudit(tx, admin, { action: 'contact.status', targetType: 'contact', targetId: id, details: { status } });
    return row;
  });
}

const outreachTables = { contacts: contactMessages, checkups: checkupResults, newsletters: newsletterSignups } as const;
const outreachNames = {
  contacts: ['Contact message', 'contact'],
  checkups: ['Check-up result', 'checkup'],
  newsletters: ['Newsletter signup', 'newsletter'],
} as const;
export type OutreachList = keyof typeof outreachTables;

/** Outreach done: the date is set now; undone: cleared (docs/product.md §4). */
export function setOutreach(db: Database, admin: PublicUser, list: OutreachList, id: string, completed: boolean) {
  const table = outreachTables[list];
  const [label, targetType] = outreachNames[list];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ outreachCompleted: completed, outreachDate: completed ? sql`now()` : null })
      .where(eq(table.id, id))
      .returning({ id: table.id, outreachCompleted: table.outreachCompleted, outreachDate: table.outreachDate });
    if (!row) throw notFound(label);
    await recordAudit(tx, admin, { action: `${targetType}.outreach`, targetType, targetId: id, details: { completed } });
    return row;
  });
}
