import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '#shared/membership/messages';
import { changePlanSchema, type MembershipOffer, planRequestSchema, receiptParamsSchema, type Receipt, testCardSchema } from '#shared/membership/schemas';
import { site } from '#shared/site';
import type { PublicUser } from '#shared/auth/user';
import { plans, type PlanType } from '#shared/pricing';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { requireUser, signedInUser } from '../../http/guards';
import { offerGuessLimit } from '../offers/guess-limit';
import { discountInWords, offerForCheckout, offerOfSubscription, type OfferRow, termsOfRow } from '../offers/repo';
import { HttpError, parseInput } from '../../http/errors';
import { applyBillingEvent, syncSubscription } from './apply-event';
import { billingProvider, localProvider } from '../../payment-providers/choose-provider';
import { localBillingRoutes } from './local-routes';
import { isLive, WebhookSignatureError } from '../../payment-providers/provider';
import { sendProviderError } from './provider-errors';
import { COMPLIMENTARY, liveMembership } from './membership';
import { type ChargeRow, chargeOf, chargesOf, currentSubscription, findCustomer, saveCustomer, subscriptionByProviderId, type SubscriptionRow } from './repo';
import { subscriptionView } from './subscription-view';
import { offerSchedule } from '#shared/membership/offer-price';

const complimentaryMessage = 'Your membership is complimentary: nothing is billed, so there is nothing to cancel, resume or pay.';
const endedByTeamMessage =
  'Our team ended this membership, so it cannot be resumed or changed. If you think this is a mistake, write to us from the contact page.';

function receiptView({ charge, offer }: { charge: ChargeRow; offer: OfferRow | null }): Receipt {
  const terms = offer && charge.discountCents > 0 ? discountInWords(offer) : null;
  return {
    id: charge.id,
    plan: charge.plan,
    description: charge.seats ? `Team plan, ${charge.seats} seats, ${plans[charge.plan].label}` : `Premium membership, ${plans[charge.plan].label}`,
    amountCents: charge.amountCents,
    currency: charge.currency,
    paidAt: charge.paidAt.toISOString(),
    refundedAt: charge.refundedAt?.toISOString() ?? null,
    refundedCents: charge.refundedAt ? (charge.refundedCents ?? charge.amountCents) : null,
    offer: offer && terms ? { label: offer.label, discountCents: charge.discountCents, terms } : null,
  };
}

/**
 * Premium membership payments (docs/payments.md): checkout, the embedded
 * subscription form, the webhook, and the member's own cancel/resume/portal.
 */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = billingProvider(ctx);
  const publicUrl = ctx.env.PUBLIC_URL;
  const signedIn = { preHandler: requireUser(ctx) };

  // The webhook reads its body raw: the signature is over the exact bytes the provider sent.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(apiPaths.stripeWebhook, async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'The webhook body must be JSON');
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = await provider.verifyEvent(raw, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new HttpError(400, `Webhook signature verification failed: ${error.message}`);
        throw error;
      }
      try {
        const outcome = await applyBillingEvent({ ctx, provider, log: request.log }, event);
        return { received: true, outcome };
      } catch (error) {
        // Not applied: the provider delivers it again later.
        request.log.error({ err: error, event: event.id }, 'billing event not applied');
        return reply.status(500).send({ message: 'The event could not be applied now; deliver it again.' });
      }
    });
  });

  const local = localProvider(ctx);
  if (local) {
    local.setDelivery(async (payload, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: apiPaths.stripeWebhook,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      return res.statusCode < 300;
    });
    await app.register(localBillingRoutes, ctx);
  }

  const customerFor = async (user: PublicUser) =>
    (await findCustomer(ctx.db, user.id, provider.name)) ??
    saveCustomer(ctx.db, user.id, provider.name, await provider.createCustomer({ id: user.id, email: user.email, name: user.name }));

  const alreadyPaying = async (user: PublicUser) => user.isPremium || Boolean(await liveMembership(ctx.db, user.id));
  // A checkout with a code tries the code: it counts against the same limit as looking one up.
  const countGuess = offerGuessLimit(app, ctx);
  const offerFor = async (request: FastifyRequest, code: string | undefined, userId: string, plan: PlanType) => {
    if (!code) return null;
    await countGuess(request);
    return offerForCheckout(ctx.db, code, userId, plan);
  };
  // The local checkout is a page of this site: relative addresses keep the visitor on the address
  // they are using. Stripe's pages come back to PUBLIC_URL.
  const back = provider.name === 'local' ? '' : publicUrl;

  app.post(apiPaths.createCheckoutSession, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const input = parseInput(planRequestSchema, request.body);
    const plan: PlanType | undefined = input.planType ?? input.plan;
    if (!plan) throw new HttpError(400, 'planType: Choose a plan: monthly or yearly', { planType: 'Choose a plan: monthly or yearly' });
    if (await alreadyPaying(user)) throw new HttpError(409, messages.alreadyPremium);
    const offer = await offerFor(request, input.offer, user.id, plan);
    try {
      const customerId = await customerFor(user);
      return await provider.createCheckoutSession({ user, customerId, plan, offer, successUrl: `${back}/premium-welcome`, cancelUrl: `${back}/pricing` });
    } catch (error) {
      return sendProviderError(error, reply, request, messages.providerUnavailable);
    }
  });

  // docs/product.md §7: planType in one reading, no payload in another (then monthly).
  app.post(apiPaths.createSubscription, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const input = parseInput(planRequestSchema, request.body);
    const plan: PlanType = input.planType ?? input.plan ?? 'monthly';
    if (await alreadyPaying(user)) throw new HttpError(409, messages.alreadyPaying);
    const offer = await offerFor(request, input.offer, user.id, plan);
    try {
      const customerId = await customerFor(user);
      return await provider.createSubscription({ user, customerId, plan, offer, returnUrl: `${back}/premium-success` });
    } catch (error) {
      return sendProviderError(error, reply, request, 'Failed to create subscription');
    }
  });

  /**
   * The offer the membership is charged under (decision 054), while its discount lasts: the
   * provider says whether it still applies and until when; its name and price are ours. Asked of
   * the provider only for a membership whose charges carried an offer.
   */
  const discountedBy = async (row: SubscriptionRow | undefined, request: FastifyRequest): Promise<MembershipOffer | null> => {
    if (!row || row.provider !== provider.name || !isLive(row.status)) return null;
    const offer = await offerOfSubscription(ctx.db, row.providerSubscriptionId);
    const terms = offer ? termsOfRow(offer) : null;
    if (!offer || !terms || terms.kind === 'trial') return null;
    let discount;
    try {
      discount = (await provider.getSubscription(row.providerSubscriptionId))?.discount;
    } catch (error) {
      // The page still shows the plan; the offer's line waits for the provider.
      request.log.warn({ err: error }, 'could not read the membership discount from the payment provider');
      return null;
    }
    if (!discount) return null;
    return {
      label: offer.label,
      amountCents: offerSchedule(row.plan, terms).discountedCents,
      terms: discountInWords(offer)!,
      endsAt: discount.endsAt?.toISOString() ?? null,
    };
  };

  app.get(apiPaths.membership, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await signedInUser(request, ctx);
    const current = await currentSubscription(ctx.db, user.id);
    // The card on file is kept by the local provider; under Stripe the portal shows it.
    const live = current && current.provider === 'local' && ['active', 'past_due'].includes(current.status);
    const cardLast4 = live && local ? await local.cardLast4(current.providerSubscriptionId) : null;
    const offer = await discountedBy(current, request);
    return { provider: provider.name, isPremium: user.isPremium, subscription: subscriptionView(current), cardLast4, offer };
  });

  // Switching Monthly <-> Yearly: the price of the switch is shown before it is confirmed.
  const switchable = async (request: FastifyRequest) => {
    const user = await signedInUser(request, ctx);
    const plan = parseInput(changePlanSchema, request.body).planType;
    const live = await liveMembership(ctx.db, user.id);
    if (!live) throw new HttpError(404, 'You have no active subscription to change.');
    if (live.provider === COMPLIMENTARY) throw new HttpError(409, complimentaryMessage);
    if (live.endedByAdminAt) throw new HttpError(409, endedByTeamMessage);
    if (live.plan === plan) throw new HttpError(400, `planType: You are already on the ${plans[plan].label} plan.`, { planType: 'Already your plan' });
    // A free trial can switch (it goes on, and ends in the new plan's first charge); a failed renewal must be paid first.
    if (live.status === 'past_due') throw new HttpError(409, 'Fix the failed payment first: update your card, then switch plans.');
    if (live.status !== 'active' && live.status !== 'trialing') throw new HttpError(409, 'This membership cannot switch plans now.');
    return { user, plan, live };
  };
  app.post(apiPaths.changePlanPreview, signedIn, async (request, reply) => {
    const { plan, live } = await switchable(request);
    try {
      const preview = await provider.previewPlanChange(live.providerSubscriptionId, plan);
      return {
        plan,
        amountDueCents: preview.amountDueCents,
        creditCents: preview.creditCents,
        renewsAt: preview.renewsAt?.toISOString() ?? null,
        renewalAmountCents: preview.renewalAmountCents ?? plans[plan].amountCents,
      };
    } catch (error) {
      return sendProviderError(error, reply, request, 'Could not price the switch');
    }
  });
  app.post(apiPaths.changePlan, signedIn, async (request, reply) => {
    const { user, plan, live } = await switchable(request);
    try {
      const readAt = new Date();
      await syncSubscription({ ctx, provider, log: request.log }, await provider.changePlan(live.providerSubscriptionId, plan), readAt);
    } catch (error) {
      return sendProviderError(error, reply, request, 'Could not switch your plan');
    }
    return { subscription: subscriptionView(await currentSubscription(ctx.db, user.id)) };
  });

  // The receipt history: every charge, newest first, and one receipt to print.
  app.get(apiPaths.receipts, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await signedInUser(request, ctx);
    return { receipts: (await chargesOf(ctx.db, user.id)).map(receiptView) };
  });
  app.get<{ Params: { id: string } }>(apiPaths.receipt, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await signedInUser(request, ctx);
    const found = await chargeOf(ctx.db, user.id, parseInput(receiptParamsSchema, request.params).id);
    if (!found) throw new HttpError(404, 'This receipt does not exist or is not yours.');
    const receipt = receiptView(found);
    // Until when the offer lasts, while the provider still holds its discount on this charge's subscription.
    if (receipt.offer) {
      const now = await discountedBy(await subscriptionByProviderId(ctx.db, found.charge.providerSubscriptionId), request);
      receipt.offer.endsAt = now && now.label === receipt.offer.label ? now.endsAt : undefined;
    }
    return { receipt, member: { email: user.email, name: user.name }, seller: { name: site.name, email: ctx.env.CONTACT_EMAIL } };
  });

  const setCancel = (cancel: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await signedInUser(request, ctx);
    const live = await liveMembership(ctx.db, user.id);
    if (!live) throw new HttpError(404, cancel ? 'You have no active subscription to cancel.' : 'You have no subscription to resume.');
    if (live.provider === COMPLIMENTARY) throw new HttpError(409, complimentaryMessage);
    if (!cancel && live.endedByAdminAt) throw new HttpError(409, endedByTeamMessage);
    if (live.cancelAtPeriodEnd !== cancel) {
      try {
        const readAt = new Date();
        const state = await provider.setCancelAtPeriodEnd(live.providerSubscriptionId, cancel);
        await syncSubscription({ ctx, provider, log: request.log }, state, readAt);
      } catch (error) {
        return sendProviderError(error, reply, request, cancel ? 'Could not cancel your membership' : 'Could not resume your membership');
      }
    }
    return { subscription: subscriptionView(await currentSubscription(ctx.db, user.id)) };
  };
  app.post(apiPaths.cancel, signedIn, setCancel(true));
  app.post(apiPaths.resume, signedIn, setCancel(false));

  app.post(apiPaths.portal, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const customerId = await findCustomer(ctx.db, user.id, provider.name);
    if (!customerId) throw new HttpError(404, 'You have no billing account yet.');
    try {
      const portal = await provider.createPortalSession(customerId, `${publicUrl}/account`);
      if (!portal) throw new HttpError(404, 'The local test provider has no customer portal: manage your membership on the account page.');
      return portal;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return sendProviderError(error, reply, request, 'Could not open the billing portal');
    }
  });

  // Only the local provider keeps cards here; under Stripe the portal updates the card.
  app.post(apiPaths.updateCard, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    if (!local) throw new HttpError(404, 'Update your card in the billing portal.');
    const card = parseInput(testCardSchema, request.body);
    const live = await liveMembership(ctx.db, user.id);
    if (!live) throw new HttpError(404, 'You have no active subscription.');
    if (live.provider === COMPLIMENTARY) throw new HttpError(409, complimentaryMessage);
    try {
      const readAt = new Date();
      await syncSubscription({ ctx, provider, log: request.log }, await local.updateCard(live.providerSubscriptionId, card), readAt);
    } catch (error) {
      return sendProviderError(error, reply, request, 'Could not update your card');
    }
    return { subscription: subscriptionView(await currentSubscription(ctx.db, user.id)) };
  });
}
