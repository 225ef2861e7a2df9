import type { FastifyInstance } from 'fastify';
import { gradeOverall, scoreAnswers } from '#shared/checkup/grading';
import { breakdownRequestSchema, checkupSubmissionSchema, type CheckupResultView, isResultId } from '#shared/checkup/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { recordServerEvent } from '../events/record';
import type { Executor } from '../../db/client';
import { peerFiguresFor } from './peers';
import { type CheckupResultRow, findCheckupResult, insertCheckupResult } from './repo';

/**
 * What anyone holding the result's link may see: the scores and grade, and where they stand
 * among peers (the stored figures of the result's budget band, decision 040); never the email or answers.
 */
export async function resultView(db: Executor, row: CheckupResultRow): Promise<CheckupResultView> {
  return {
    id: row.id,
    score: row.score,
    totalScore: row.totalScore,
    categoryScores: row.categoryScores,
    grade: gradeOverall(row.totalScore).grade,
    createdAt: row.createdAt.toISOString(),
    peers: await peerFiguresFor(db, row.budgetBand),
  };
}

async function loadResult(ctx: AppContext, id: string): Promise<CheckupResultRow> {
  // A malformed id would make PostgreSQL raise an error (a 500): it is simply not a result.
  const row = isResultId(id) ? await findCheckupResult(ctx.db, id) : undefined;
  if (!row) throw new HttpError(404, 'No Check-Up result with this id');
  return row;
}

/** The Check-Up's results (docs/product.md §3, §7): stored with server-side scoring, shown by link, broken down by email. */
export async function checkupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const formLimit = { rateLimit: { max: ctx.env.RATE_LIMIT_FORMS_PER_HOUR, timeWindow: '1 hour' } };

  app.post(apiPaths.checkupResults, { config: formLimit }, async (request, reply) => {
    const input = parseInput(checkupSubmissionSchema, request.body);
    // Never trust the client's sums: the score is what the answers add up to.
    const scores = scoreAnswers(input.answers);
    const userId = (await getSessionUser(request, ctx))?.id ?? null;
    const organisation = { budgetBand: input.budgetBand ?? null, staffBand: input.staffBand ?? null, focusArea: input.focusArea ?? null };
    const row = await insertCheckupResult(ctx.db, { email: input.email, answers: input.answers, userId, ...organisation, ...scores });
    // The completion as stored and scored here: a page cannot report one with a score of its choosing.
    await recordServerEvent(
      ctx,
      { kind: 'quiz_complete', path: '/checkup', props: { grade: gradeOverall(scores.score).grade, score: scores.score } },
      request.log,
    );
    return reply.status(201).send(await resultView(ctx.db, row));
  });

  app.get<{ Params: { id: string } }>(apiPaths.checkupResult, async (request) => resultView(ctx.db, await loadResult(ctx, request.params.id)));

  app.post<{ Params: { id: string } }>(apiPaths.checkupBreakdown, { config: formLimit }, async (request, reply) => {
    refuseFilledHoneypot(request.body);
    const input = parseInput(breakdownRequestSchema, request.body);
    const row = await loadResult(ctx, request.params.id);
    // Mailed to the address given, but the stored email stays the first one: whoever holds the
    // results link must not be able to redirect the result's later mail to another inbox. The
    // mail is the whole of this request (nothing else changes), so it is stored on its own.
    // The email layout (react-email) loads with the first breakdown asked for: memory a server that sends none keeps free.
    const { breakdownMail } = await import('./breakdown-mail');
    await ctx.mailer.send(
      await breakdownMail({ to: input.email, id: row.id, totalScore: row.totalScore, categoryScores: row.categoryScores, publicUrl: ctx.env.PUBLIC_URL }),
    );
    return reply.status(202).send({ ok: true });
  });
}
