import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from '#shared/zod';
import { allyReviewSchema, allySearchQuerySchema, allySubmissionSchema } from '#shared/allies/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { getSessionUser, requirePremium } from '../../http/guards';
import { adminUsers } from '../../users-repo';
import { recordServerEvent } from '../events/record';
import { deleteReview, insertAllySubmission, isApprovedAlly, listVisibleReviews, searchApprovedAllies, upsertReview } from './repo';
import { seedSampleAllies } from './seed-allies';
import { submissionForAdminsMail, submissionReceivedMail } from './submission-mails';

const idParams = z.object({ id: z.string() });

/** The id of an approved ally, or 404: a pending, deleted or malformed id all look the same. */
async function approvedAllyId(request: FastifyRequest, ctx: AppContext): Promise<string> {
  const { id } = idParams.parse(request.params);
  if (!z.uuid().safeParse(id).success || !(await isApprovedAlly(ctx.db, id))) throw new HttpError(404, 'No such ally in the directory');
  return id;
}

async function currentUserId(request: FastifyRequest, ctx: AppContext): Promise<string> {
  const user = await getSessionUser(request, ctx);
  // requirePremium ran first, so the user exists.
  return user!.id;
}

/** The Allies Directory (docs/product.md §2 and §7): premium search, public submission, member reviews. */
export async function alliesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Demo mode shows a populated directory to the demo premium member; nothing is seeded otherwise.
  if (ctx.env.DEMO_MODE) await seedSampleAllies(ctx.db);
  const premium = { preHandler: requirePremium(ctx, 'The Allies directory is available to premium subscribers only.') };

  app.get(apiPaths.allies, premium, async (request) => {
    const query = allySearchQuerySchema.parse(request.query ?? {});
    return searchApprovedAllies(ctx.db, { ...query, userId: await currentUserId(request, ctx) });
  });

  app.post(apiPaths.allySubmit, { config: { rateLimit: { max: ctx.env.RATE_LIMIT_FORMS_PER_HOUR, timeWindow: '1 hour' } } }, async (request, reply) => {
    refuseFilledHoneypot(request.body);
    const { fax: _empty, ...submission } = parseInput(allySubmissionSchema, request.body);

    // The submission and its emails (to the vendor and every admin) are one write: neither exists
    // without the other after a crash; a mail server being down delays the emails (the outbox retries).
    const { id, mailIds } = await ctx.db.transaction(async (tx) => {
      const id = await insertAllySubmission(tx, submission);
      const mails = [
        submissionReceivedMail(submission, ctx.env.PUBLIC_URL),
        ...(await adminUsers(tx)).map((admin) => submissionForAdminsMail(admin.email, submission, ctx.env.PUBLIC_URL)),
      ];
      const mailIds: string[] = [];
      for (const mail of mails) mailIds.push(await ctx.mailer.store(tx, mail));
      return { id, mailIds };
    });
    ctx.mailer.deliverNow(mailIds);
    await recordServerEvent(ctx, { kind: 'ally_submit', path: '/allies/submit', props: { category: submission.category } }, request.log);
    return reply.status(201).send({ id });
  });

  app.get(apiPaths.allyReviews, premium, async (request) => {
    const id = await approvedAllyId(request, ctx);
    return { reviews: await listVisibleReviews(ctx.db, id, await currentUserId(request, ctx)) };
  });

  app.put(apiPaths.allyReview, premium, async (request) => {
    const id = await approvedAllyId(request, ctx);
    const review = parseInput(allyReviewSchema, request.body);
    await upsertReview(ctx.db, id, await currentUserId(request, ctx), review);
    return { ok: true };
  });

  app.delete(apiPaths.allyReview, premium, async (request, reply) => {
    const id = await approvedAllyId(request, ctx);
    if (!(await deleteReview(ctx.db, id, await currentUserId(request, ctx)))) throw new HttpError(404, 'You have not reviewed this ally');
    return reply.status(204).send();
  });
}
