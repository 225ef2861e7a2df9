import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FeedbackAnswer, feedbackAnswers, FEEDBACK_THANKS_PATH } from '#shared/newsletter/editions';
import type { AppContext } from '../../context';
import type { PageBuilder } from '../../rendering/builder';
import { countFeedback, followLink, storedLink } from './counts-repo';

/** An edition's id as the links carry it; anything else is unknown before the database is asked (a malformed uuid would be its error). */
const editionId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A link number: 1 and up, at most nine digits (PostgreSQL's integer holds them all). */
const linkNumber = /^[1-9][0-9]{0,8}$/;

/**
 * The counted links of an edition's email (decision 045), outside /api: they are opened by
 * people from their mail, without cookies or scripts.
 *
 * - `GET /r/<edition>/<number>`: counts one follow of that link today, then 302 to the address
 *   stored for it when the edition was rendered. Nothing else is stored: no address, no IP, no
 *   browser. A HEAD (link scanners, previews) gets the same redirect and counts nothing.
 * - `GET /useful/<edition>/<yes|no>`: counts the answer today, then 303 to the thank-you page,
 *   whose reload counts nothing more. A HEAD counts nothing.
 *
 * Anything else (an unknown edition or number, 0, a negative or huge number, a tampered path,
 * an edition that did not ask) is the site's 404 page, counting nothing.
 */
export async function editionCountRoutes(app: FastifyInstance, { ctx, builder }: { ctx: AppContext; builder: PageBuilder }): Promise<void> {
  const timeZone = ctx.env.SITE_TIMEZONE;
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html } = await builder.render(request.log, '/r', false, undefined);
    return reply.status(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };
  const counts = (request: FastifyRequest) => request.method === 'GET';

  app.get<{ Params: { edition: string; number: string } }>('/r/:edition/:number', async (request, reply) => {
    const { edition, number } = request.params;
    if (!editionId.test(edition) || !linkNumber.test(number)) return notFound(request, reply);
    const url = counts(request) ? await followLink(ctx.db, edition, Number(number), timeZone) : await storedLink(ctx.db, edition, Number(number));
    if (!url) return notFound(request, reply);
    // Every follow reaches the server: no cache may answer for it.
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  app.get<{ Params: { edition: string; answer: string } }>('/useful/:edition/:answer', async (request, reply) => {
    const { edition, answer } = request.params;
    if (!editionId.test(edition) || !feedbackAnswers.includes(answer as FeedbackAnswer)) return notFound(request, reply);
    if (counts(request) && !(await countFeedback(ctx.db, edition, answer as FeedbackAnswer, timeZone))) return notFound(request, reply);
    return reply.header('cache-control', 'no-store').redirect(FEEDBACK_THANKS_PATH, 303);
  });
}
