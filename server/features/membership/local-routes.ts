import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from '#shared/zod';
import { messages } from '#shared/membership/messages';
import { testCardSchema } from '#shared/membership/schemas';
import { periodPrice, plans } from '#shared/pricing';
import { teamMessages } from '#shared/teams/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { requireUser, signedInUser } from '../../http/guards';
import { redeemInPayment } from '../offers/repo';
import { chargeFor, describeSchedule, offerSchedule } from '#shared/membership/offer-price';
import { HttpError, parseInput } from '../../http/errors';
import { localProvider } from '../../payment-providers/choose-provider';
import { advanceBillingClock, billingNow, parseDuration } from '../../payment-providers/clock';
import { checkoutExpired, hasBillingSubscription, type PayGuard } from '../../payment-providers/local-provider';
import { liveMembership, liveTeamPlan, lockMember } from './membership';
import { runMembershipCheck } from './membership-check';
import { runGrants } from './grants';
import { CheckoutExpiredError, PaymentDeclinedError } from '../../payment-providers/provider';

const clockSchema = z.object({ advance: z.string({ error: 'Give a duration such as 31d, 12h or 90m' }).max(20) }).strict();

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The local test provider's pages' API: its checkout page (/checkout/local/:id), the card form
 * embedded on /subscribe, and the billing clock. Registered only when the local provider is in
 * use, so none of this exists on a Stripe site.
 */
export async function localBillingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const local = localProvider(ctx)!;
  const signedIn = { preHandler: requireUser(ctx) };

  /**
   * One membership per member (decision 025): the member's lock is taken inside the paying
   * transaction, and the membership checked there, so checkouts paid at the same moment queue up
   * and only the first is charged. The provider's own record counts too: a subscription paid a
   * moment ago whose events are still on their way to the webhook.
   */
  const oneMembership: PayGuard = async (tx, checkout) => {
    await lockMember(tx, checkout.userId);
    // A team plan is not the buyer's membership (decision 055): the rule is one team plan each.
    const team = checkout.seats !== null;
    if (team && ((await hasBillingSubscription(tx, checkout.userId, true)) || (await liveTeamPlan(tx, checkout.userId))))
      throw new HttpError(409, teamMessages.hasTeam);
    if (!team && ((await hasBillingSubscription(tx, checkout.userId)) || (await liveMembership(tx, checkout.userId))))
      throw new HttpError(409, messages.alreadyPremium);
    // An offer's place is taken in this same transaction, under its cap (decision 054).
    if (checkout.offerId) await redeemInPayment(tx, checkout.offerId, checkout.userId);
  };

  const pay = async (request: FastifyRequest, checkoutId: string, card: { cardNumber: string; expiry: string }, team: boolean) => {
    const user = await signedInUser(request, ctx);
    // A premium member is never charged twice (docs/product.md §6: premium "cannot buy again"); a team plan is bought for others.
    if (user.isPremium && !team) throw new HttpError(409, messages.alreadyPremium);
    try {
      const { successUrl } = await local.payCheckout(checkoutId, card, oneMembership);
      return { redirectUrl: successUrl };
    } catch (error) {
      if (error instanceof PaymentDeclinedError) throw new HttpError(402, error.message);
      if (error instanceof CheckoutExpiredError) throw new HttpError(410, error.message);
      throw error;
    }
  };

  app.get<{ Params: { id: string } }>(apiPaths.localCheckout, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await signedInUser(request, ctx);
    const checkout = await local.findCheckout(request.params.id, user.id);
    if (!checkout || checkout.mode !== 'checkout') throw new HttpError(404, 'This checkout does not exist or is not yours.');
    const plan = plans[checkout.plan];
    const status = checkout.status === 'open' && checkoutExpired(checkout, await billingNow(ctx.db)) ? 'expired' : checkout.status;
    // With an offer, what is charged today and after, in the words /subscribe used (decision 054).
    const schedule = checkout.offerTerms ? offerSchedule(checkout.plan, checkout.offerTerms) : null;
    return {
      id: checkout.id,
      plan: checkout.plan,
      amountCents: schedule ? (schedule.firstChargeInDays ? 0 : chargeFor(schedule, 0)) : periodPrice(checkout.plan, checkout.seats),
      seats: checkout.seats,
      offerPrice: schedule ? describeSchedule(checkout.plan, schedule) : null,
      interval: plan.interval,
      status,
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
    };
  });

  app.post<{ Params: { id: string } }>(apiPaths.localCheckoutPay, signedIn, async (request) => {
    const card = parseInput(testCardSchema.omit({ clientSecret: true }), request.body);
    const user = await signedInUser(request, ctx);
    const checkout = await local.findCheckout(request.params.id, user.id);
    if (!checkout || checkout.mode !== 'checkout') throw new HttpError(404, 'This checkout does not exist or is not yours.');
    return pay(request, checkout.id, card, checkout.seats !== null);
  });

  // /subscribe's embedded form: started from create-subscription's client secret.
  app.post(apiPaths.localPay, signedIn, async (request) => {
    const input = parseInput(testCardSchema, request.body);
    const user = await signedInUser(request, ctx);
    const checkout = input.clientSecret ? await local.findCheckoutBySecret(input.clientSecret, user.id) : undefined;
    if (!checkout)
      throw new HttpError(400, 'clientSecret: This payment form has expired. Reload the page to start again.', {
        clientSecret: 'Unknown or expired client secret',
      });
    return pay(request, checkout.id, input, checkout.seats !== null);
  });

  /**
   * `npm run billing:clock -- --advance 31d` (scripts/billing-clock.mjs): moves the billing clock
   * forward and runs the membership check. It can end anyone's membership, so it exists only
   * where it was asked for (development, tests, or BILLING_CLOCK_ENABLED), and even then only
   * from this machine, never through a proxy.
   */
  if (!clockEnabled(ctx.env)) return;
  app.post(apiPaths.localClock, async (request) => {
    if (!loopback.has(request.socket.remoteAddress ?? '') || request.headers['x-forwarded-for']) {
      throw new HttpError(403, 'The billing clock can only be moved from the machine the server runs on.');
    }
    const input = parseInput(clockSchema, request.body);
    const ms = parseDuration(input.advance);
    if (!ms) throw new HttpError(400, 'advance: Give a duration such as 31d, 12h or 90m', { advance: 'Give a duration such as 31d, 12h or 90m' });
    const now = await advanceBillingClock(ctx.db, ms);
    const { ended } = await runMembershipCheck(ctx, request.log);
    // Grants end on the same clock (decision 052): a moved clock shows them ending too.
    await runGrants(ctx, now);
    return { now: now.toISOString(), ended };
  });
}

/** The test billing clock: on in development and tests, elsewhere only when BILLING_CLOCK_ENABLED says so. */
export function clockEnabled(env: AppContext['env']): boolean {
  return env.BILLING_CLOCK_ENABLED ?? env.NODE_ENV !== 'production';
}
