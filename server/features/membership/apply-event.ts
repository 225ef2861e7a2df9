import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UsageEvent } from '#shared/events/kinds';
import { plans } from '#shared/pricing';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { lockUntilCommit } from '../../db/locks';
import { billingCharges, subscriptions, webhookEvents } from './schema';
import { teams } from '../teams/schema';
import { findUserById } from '../../users-repo';
import { recordServerEvent } from '../events/record';
import type { Mail } from '../../mail/mailer';
import { resolveDuplicates } from './duplicates';
import { cancellationMail, paymentFailedMail, premiumWelcomeMail, receiptMail, resumedMail, teamReadyMail } from './mails';
import { COMPLIMENTARY, endComplimentary, lockMember, otherLiveMembership, syncPremium, syncTeamPremium } from './membership';
import { discountInWords, offerById, recordProviderRedemption, redeemedOfferOf } from '../offers/repo';
import { type BillingEvent, type BillingProvider, DUPLICATE, isLive, liveStatuses, type ProviderSubscription } from '../../payment-providers/provider';

/**
 * Applies the payment provider's verified events to memberships (premium itself is decided in
 * membership.ts, decision 025). A verified event is applied
 * once: its id is recorded in `webhook_events` in the same transaction as the change, so a
 * redelivered event does nothing. Events are not trusted for state: the subscription is
 * re-read from the provider, so events arriving out of order still leave the latest state.
 * Emails are stored in the outbox in the same transaction and delivered after the commit; the
 * premium_signup usage event follows the commit. Both happen once per real change.
 */

interface Effects {
  mails: Mail[];
  /** The mails' outbox rows, written in the transaction of the change they announce. */
  mailIds: string[];
  usage: UsageEvent[];
  /** Duplicate subscriptions found: cancelled and refunded at the provider after the commit. */
  duplicates: string[];
  /** Memberships the team ended that were resumed at the provider (Stripe's portal): ended again after the commit. */
  reEnd: string[];
}

export interface ApplyDeps {
  ctx: AppContext;
  provider: BillingProvider;
  log: FastifyBaseLogger;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

/** Event types that say something about a subscription; others are recorded and ignored. */
const subscriptionEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export async function applyBillingEvent(deps: ApplyDeps, event: BillingEvent): Promise<ApplyOutcome> {
  const { db } = deps.ctx;
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen) return 'duplicate';

  const relevant = subscriptionEvents.has(event.type) && event.subscriptionId;
  // Read before the transaction: a network call inside one would hold its locks for the call's
  // length, and on PGlite block every other query.
  const readAt = new Date();
  const state = relevant ? await deps.provider.getSubscription(event.subscriptionId!) : null;

  const effects = await db.transaction(async (tx) => {
    const inserted = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (inserted.length === 0) return null;
    const found: Effects = { mails: [], mailIds: [], usage: [], duplicates: [], reEnd: [] };
    if (state) await applyState(tx, deps, state, readAt, found, event);
    await storeMails(tx, deps, found);
    return found;
  });
  if (!effects) return 'duplicate';
  await runEffects(deps, effects);
  return state ? 'applied' : 'ignored';
}

/**
 * Writes a subscription state read from the provider straight after the app changed it (cancel,
 * resume, delete), so the member sees the change before the provider's event arrives. The event
 * then finds nothing new to do.
 */
export async function syncSubscription(deps: ApplyDeps, state: ProviderSubscription, readAt: Date): Promise<void> {
  const effects: Effects = { mails: [], mailIds: [], usage: [], duplicates: [], reEnd: [] };
  await deps.ctx.db.transaction(async (tx) => {
    await applyState(tx, deps, state, readAt, effects);
    await storeMails(tx, deps, effects);
  });
  await runEffects(deps, effects);
}

async function applyState(tx: Transaction, deps: ApplyDeps, state: ProviderSubscription, readAt: Date, effects: Effects, event?: BillingEvent): Promise<void> {
  const { env } = deps.ctx;
  // Two events about one subscription applied at once must not both see "no row yet".
  await lockUntilCommit(tx, `subscription:${state.id}`);
  const [old] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, state.id)).limit(1);
  const userId = old?.userId ?? state.userId ?? event?.userId ?? null;
  if (!userId) {
    deps.log.warn({ subscription: state.id }, 'billing: a subscription without a member; ignored');
    return;
  }
  // Every change of this member's memberships waits here: two subscriptions arriving at once see each other.
  await lockMember(tx, userId);
  const user = await findUserById(tx, userId);
  // The account was deleted: there is nobody to apply it to.
  if (!user) return;

  const team = typeof state.seats === 'number';
  // A fresher read of this subscription was written already (events applied concurrently): keep it.
  const stale = old && old.updatedAt > readAt;
  let status = state.status;
  if (old?.status === DUPLICATE) {
    // Being (or already) cancelled and refunded: it never becomes the membership.
    status = DUPLICATE;
  } else if (isLive(state.status) && !(old && isLive(old.status))) {
    // One membership per member: a paid subscription replaces an admin's complimentary one; a
    // second paid one is a duplicate, cancelled and refunded after the commit.
    // A team plan is not the payer's membership (decision 055): only a second team plan of theirs is a duplicate.
    const other = await otherLiveMembership(tx, userId, state.id, team);
    if (other?.provider === COMPLIMENTARY) await endComplimentary(tx, userId);
    else if (other) status = DUPLICATE;
  }
  const live = isLive(status);
  const welcome = !stale && live && status !== 'past_due' && !old?.welcomedAt;
  const periodEnd = state.currentPeriodEnd?.getTime() ?? null;
  const cancelled = !stale && live && state.cancelAtPeriodEnd && old && !old.cancelAtPeriodEnd && old.cancelMailedFor?.getTime() !== periodEnd;
  // The team ended it (admin/mutations.ts) and the member resumed it where we do not ask (Stripe's
  // Customer Portal): the team's decision stands, so it is ended again after the commit.
  const undone = !stale && live && !state.cancelAtPeriodEnd && Boolean(old?.endedByAdminAt);
  if (undone) effects.reEnd.push(state.id);
  // "Resumed" answers an "ends" email of this period, once.
  const resumed =
    !undone &&
    !stale &&
    live &&
    !state.cancelAtPeriodEnd &&
    old?.cancelAtPeriodEnd &&
    old.cancelMailedFor?.getTime() === periodEnd &&
    old.resumeMailedFor?.getTime() !== periodEnd;

  if (!stale) {
    const values = {
      plan: state.plan,
      status,
      providerCustomerId: state.customerId,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      seats: team ? state.seats! : null,
      updatedAt: readAt,
      ...(welcome ? { welcomedAt: new Date() } : {}),
      ...(cancelled ? { cancelMailedFor: state.currentPeriodEnd } : {}),
      ...(resumed ? { resumeMailedFor: state.currentPeriodEnd } : {}),
    };
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId, provider: deps.provider.name, providerSubscriptionId: state.id, ...values })
      .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: values })
      .returning({ id: subscriptions.id });
    // A team plan's seats follow it: the team exists from its first payment, and its seats are premium while it is live.
    if (team && status !== DUPLICATE) await ensureTeam(tx, row!.id, userId);
    if (team) await syncTeamPremium(tx, row!.id);
    // A Stripe checkout opened with an offer: redeemed once the subscription first arrives (the
    // local provider counts it in its paying transaction instead, under the cap).
    if (!old && state.offerId && deps.provider.name === 'stripe') await recordProviderRedemption(tx, state.offerId, userId);
    await syncPremium(tx, userId);
  }
  if (status === DUPLICATE && !old?.resolvedAt) effects.duplicates.push(state.id);

  // An offer's discount on this charge: the offer the member redeemed (decision 054).
  const offerId = event?.type === 'invoice.paid' && event.invoice && event.invoice.discountCents > 0 ? await redeemedOfferOf(tx, userId) : null;
  // A charge is kept when money was taken or an offer took it all off (its cost in revenue, decision 054).
  if (event?.type === 'invoice.paid' && event.invoice && (event.invoice.amountCents > 0 || event.invoice.discountCents > 0)) {
    await tx
      .insert(billingCharges)
      .values({
        discountCents: event.invoice.discountCents,
        offerId,
        id: event.invoice.id,
        userId,
        provider: deps.provider.name,
        providerSubscriptionId: state.id,
        plan: state.plan,
        seats: team ? state.seats! : null,
        amountCents: event.invoice.amountCents,
        currency: event.invoice.currency,
        paidAt: new Date(),
        // A duplicate already refunded (its refund covered every paid invoice): this charge is one of them.
        refundedAt: status === DUPLICATE && old?.resolvedAt ? new Date() : null,
      })
      .onConflictDoNothing();
  }
  // A duplicate's member hears about it once, with its refund (resolveDuplicates).
  if (status === DUPLICATE) return;

  const member = { email: user.email, firstName: user.firstName };
  if (welcome && team) {
    effects.mails.push(teamReadyMail(member, { plan: state.plan, seats: state.seats!, publicUrl: env.PUBLIC_URL }));
  } else if (welcome) {
    effects.mails.push(premiumWelcomeMail(member, { plan: state.plan, slackInviteUrl: env.SLACK_INVITE_URL, publicUrl: env.PUBLIC_URL }));
    effects.usage.push({
      kind: 'premium_signup',
      path: '/premium-welcome',
      props: { plan: state.plan, value: plans[state.plan].amountCents / 100, currency: 'USD' },
    });
  }
  // An admin's end of the membership is told by the admin's own mail (admin/mutations.ts), not as "as you asked".
  if (cancelled && !old?.endedByAdminAt)
    effects.mails.push(cancellationMail(member, { plan: state.plan, endsAt: state.currentPeriodEnd, publicUrl: env.PUBLIC_URL, timeZone: env.SITE_TIMEZONE }));
  if (resumed)
    effects.mails.push(
      resumedMail(member, {
        plan: state.plan,
        renewsAt: state.currentPeriodEnd,
        amountCents: plans[state.plan].amountCents,
        publicUrl: env.PUBLIC_URL,
        timeZone: env.SITE_TIMEZONE,
      }),
    );
  if (event?.type === 'invoice.paid' && event.invoice && event.invoice.amountCents > 0) {
    const offer = offerId ? await offerById(tx, offerId) : undefined;
    const terms = offer ? discountInWords(offer) : null;
    effects.mails.push(
      receiptMail(member, {
        plan: state.plan,
        amountCents: event.invoice.amountCents,
        invoiceId: event.invoice.id,
        paidAt: new Date(),
        nextRenewal: live && !state.cancelAtPeriodEnd ? state.currentPeriodEnd : null,
        publicUrl: env.PUBLIC_URL,
        timeZone: env.SITE_TIMEZONE,
        seats: team ? state.seats! : null,
        // The offer's end as the provider holds it now (Stripe's discount end; absent when not read).
        offer: offer && terms ? { label: offer.label, discountCents: event.invoice.discountCents, terms, endsAt: state.discount?.endsAt ?? null } : null,
      }),
    );
  }
  if (event?.type === 'invoice.payment_failed' && event.invoice && live) {
    effects.mails.push(paymentFailedMail(member, { plan: state.plan, amountCents: event.invoice.amountCents, fixUrl: `${env.PUBLIC_URL}/account` }));
  }
}

/** The team of a team plan's subscription, made when the plan first arrives (once: the subscription is unique). */
async function ensureTeam(tx: Transaction, subscriptionId: string, ownerId: string): Promise<void> {
  await tx.insert(teams).values({ subscriptionId, ownerId }).onConflictDoNothing({ target: teams.subscriptionId });
}

async function storeMails(tx: Transaction, deps: ApplyDeps, effects: Effects): Promise<void> {
  for (const mail of effects.mails) effects.mailIds.push(await deps.ctx.mailer.store(tx, mail));
}

async function runEffects(deps: ApplyDeps, effects: Effects): Promise<void> {
  const { ctx, log } = deps;
  // Stored with the change; a mail server being down delays them (the outbox retries) and never undoes a payment.
  ctx.mailer.deliverNow(effects.mailIds);
  // Refunds are network calls, after the commit; a failure is retried by the membership check.
  if (effects.duplicates.length)
    await resolveDuplicates(deps, effects.duplicates).catch((err: unknown) =>
      log.error({ err }, 'duplicate subscription not refunded yet; the membership check retries'),
    );
  for (const usage of effects.usage) await recordServerEvent(ctx, usage, log);
  if (effects.reEnd.length)
    await endAgainWhatTheTeamEnded(deps, effects.reEnd).catch((err: unknown) =>
      log.error({ err }, 'a membership the team ended renews again; the membership check retries'),
    );
}

/**
 * Memberships the team ended at period end (admin/mutations.ts) that renew again because the
 * member resumed them where we do not ask (Stripe's Customer Portal): set to end at period end
 * again. Right after such an event, and by the membership check for any the provider could not
 * be reached for then.
 */
export async function endAgainWhatTheTeamEnded(deps: ApplyDeps, onlyIds?: string[]): Promise<void> {
  const renewing = await deps.ctx.db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.endedByAdminAt),
        inArray(subscriptions.status, [...liveStatuses]),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(subscriptions.provider, deps.provider.name),
        ...(onlyIds ? [inArray(subscriptions.providerSubscriptionId, onlyIds)] : []),
      ),
    );
  for (const { id } of renewing) {
    const readAt = new Date();
    await syncSubscription(deps, await deps.provider.setCancelAtPeriodEnd(id, true), readAt);
  }
}
