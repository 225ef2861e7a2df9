import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { offerApplicationSchema, offerCodeSchema } from '#shared/membership/offers';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser, requireUser, signedInUser } from '../../http/guards';
import { offerGuessLimit } from './guess-limit';
import { findOfferByCode, insertApplication, publicOffer, unavailableReason } from './repo';

const codeParams = z.object({ code: offerCodeSchema }).strict();
const noStore = { 'Cache-Control': 'no-store' };

/** Offers' links (decision 054): what an offer gives, and applying for one that waits for approval. */
export async function offerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const codeOf = (request: FastifyRequest) => parseInput(codeParams, request.params).code;

  // Codes are words an admin chose: without a limit, a dictionary finds them.
  const countGuess = offerGuessLimit(app, ctx);
  app.get(apiPaths.offer, async (request, reply) => {
    await countGuess(request);
    reply.headers(noStore);
    return publicOffer(ctx.db, codeOf(request), await getSessionUser(request, ctx));
  });

  // A "small nonprofit" offer: the member states their budget and waits for the team's approval.
  app.post(apiPaths.offerApply, { preHandler: requireUser(ctx) }, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    await countGuess(request);
    const offer = await findOfferByCode(ctx.db, codeOf(request));
    if (!offer) throw new HttpError(404, 'This offer does not exist. Check the link, or see the regular prices on /pricing.');
    const { budgetBand } = parseInput(offerApplicationSchema, request.body);
    if (!offer.requiresApproval) throw new HttpError(409, 'This offer needs no application: choose a plan on its page.');
    const reason = unavailableReason(offer);
    if (reason) throw new HttpError(409, reason);
    if (!(await insertApplication(ctx.db, offer.id, user.id, budgetBand)))
      throw new HttpError(409, 'You have applied for this offer already: our team will email you.');
    reply.code(201);
    return { application: 'requested' as const };
  });
}
