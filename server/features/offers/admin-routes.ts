import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { createOfferSchema, offerDecisionSchema, termsOf } from '#shared/membership/offers';
import { recordAudit } from '../../audit-log';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { billingProvider } from '../../payment-providers/choose-provider';
import { ProviderUnavailableError } from '../../payment-providers/provider';
import { offerDecisionMail } from './mails';
import { userContact } from '../../users-repo';
import { applicationsFor, archiveOffer, decideApplication, findOfferByCode, insertOffer, listOffers, offerById, redemptionStatus } from './repo';

const noStore = { 'Cache-Control': 'no-store' };

/** The admin's Offers tab (decision 054): create, list, archive, and decide applications. */
export async function offerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request: before the body is parsed or a param is read (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  const adminOf = (request: FastifyRequest) => signedInAdmin(request, ctx);
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;

  app.get(adminApiPaths.adminOffers, async (_request, reply) => reply.headers(noStore).send({ offers: await listOffers(ctx.db) }));

  app.post(adminApiPaths.adminOffers, async (request, reply) => {
    const who = await adminOf(request);
    const input = parseInput(createOfferSchema, request.body);
    if (await findOfferByCode(ctx.db, input.code)) throw new HttpError(409, `code: An offer with the code ${input.code} exists already`, { code: 'Taken' });
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    const terms = termsOf(input);
    // At the provider first (Stripe's coupon and promotion code): if it cannot be reached, nothing is stored.
    let atProvider: { couponId: string | null; promotionCodeId: string | null };
    try {
      atProvider = await billingProvider(ctx).createOffer({
        code: input.code,
        label: input.label,
        terms,
        appliesTo: input.appliesTo,
        maxRedemptions: input.maxRedemptions ?? null,
        endsAt,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError)
        throw new HttpError(502, 'The payment provider could not be reached, so the offer was not created. Please try again.');
      throw error;
    }
    const row = await ctx.db.transaction(async (tx) => {
      const created = await insertOffer(tx, {
        code: input.code,
        label: input.label,
        kind: input.kind,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.amountOffCents ?? null,
        trialDays: input.trialDays ?? null,
        duration: input.duration ?? null,
        durationMonths: input.durationMonths ?? null,
        appliesTo: input.appliesTo,
        endsAt,
        maxRedemptions: input.maxRedemptions ?? null,
        requiresApproval: input.requiresApproval,
        providerCouponId: atProvider.couponId,
        providerPromotionCodeId: atProvider.promotionCodeId,
      });
      if (!created) throw new HttpError(409, `code: An offer with the code ${input.code} exists already`, { code: 'Taken' });
      await recordAudit(tx, who, {
        action: 'offer.create',
        targetType: 'offer',
        targetId: created.id,
        details: { code: created.code, label: created.label },
      });
      return created;
    });
    reply.code(201);
    return row;
  });

  // Archived: no new checkout can use it; members who redeemed it keep their terms.
  app.patch(adminApiPaths.adminOfferArchive, async (request) => {
    const who = await adminOf(request);
    const id = idOf(request);
    parseInput(emptyBodySchema, request.body ?? {});
    const offer = await offerById(ctx.db, id);
    if (!offer) throw new HttpError(404, 'Offer not found');
    if (offer.archivedAt) return offer;
    try {
      await billingProvider(ctx).archiveOffer(offer.providerPromotionCodeId);
    } catch (error) {
      if (error instanceof ProviderUnavailableError)
        throw new HttpError(502, 'The payment provider could not be reached, so the offer was not archived. Please try again.');
      throw error;
    }
    return ctx.db.transaction(async (tx) => {
      const archived = await archiveOffer(tx, id);
      await recordAudit(tx, who, { action: 'offer.archive', targetType: 'offer', targetId: id, details: { code: offer.code } });
      return archived;
    });
  });

  app.get(adminApiPaths.adminOfferApplications, async (request, reply) => {
    reply.headers(noStore);
    return { applications: await applicationsFor(ctx.db, idOf(request)) };
  });

  // Approve or refuse an application: the applicant is emailed once, with the decision.
  app.patch(adminApiPaths.adminOfferApplication, async (request) => {
    const who = await adminOf(request);
    const id = idOf(request);
    const { status } = parseInput(offerDecisionSchema, request.body);
    const { mailId, result } = await ctx.db.transaction(async (tx) => {
      const decided = await decideApplication(tx, id, status);
      if (!decided) {
        const existing = await redemptionStatus(tx, id);
        if (!existing) throw new HttpError(404, 'Application not found');
        throw new HttpError(409, `This application was ${existing} already.`);
      }
      const offer = await offerById(tx, decided.offerId);
      const member = await userContact(tx, decided.userId);
      await recordAudit(tx, who, {
        action: `offer.application.${status}`,
        targetType: 'offer',
        targetId: decided.offerId,
        details: { email: member?.email ?? '' },
      });
      const mail =
        offer && member
          ? offerDecisionMail(member, {
              label: offer.label,
              approved: status === 'approved',
              link: `${ctx.env.PUBLIC_URL}/subscribe?offer=${offer.code}`,
              publicUrl: ctx.env.PUBLIC_URL,
            })
          : null;
      return { mailId: mail ? await ctx.mailer.store(tx, mail) : null, result: decided };
    });
    if (mailId) ctx.mailer.deliverNow([mailId]);
    return result;
  });
}
