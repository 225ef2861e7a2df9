import type { FastifyInstance } from 'fastify';
import { gradeOverall, scoreAnswers } from '#shared/checkup/grading';
import { breakdownRequestSchema, checkupSubmissionSchema, type CheckupResultView, isResultId } from '#shared/checkup/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { recordServerEvent } from '../events/record';
import { enrolFromResult } from '../follow-ups/service';
import { type CheckupResultRow, findCheckupResult, insertCheckupResult } from './repo';

/** What anyone holding the result's link may see: the scores and grade, never the email or answers. */
export function toView(row: CheckupResultRow): CheckupResultView {
  return {
    id: row.id,
    score: row.score,
    totalScore: row.totalScore,
    categoryScores: row.categoryScores,
    grade: gradeOverall(row.totalScore).grade,
    createdAt: row.createdAt.toISOString(),
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
    // The result and its follow-up enrolments are one write: a retake stops the earlier ones in it.
    const { row, enrolled } = await ctx.db.transaction(async (tx) => {
      const stored = await insertCheckupResult(tx, { email: input.email, answers: input.answers, userId, ...scores });
      return { row: stored, enrolled: (await enrolFromResult(tx, stored)).length > 0 };
    });
    // A first step due at once goes out within seconds, from the job: never from this request.
    if (enrolled) ctx.jobs?.kick('follow-ups');
    // The completion as stored and scored here: a page cannot report one with a score of its choosing.
    await recordServerEvent(
      ctx,
      { kind: 'quiz_complete', path: '/checkup', props: { grade: gradeOverall(scores.score).grade, score: scores.score } },
      request.log,
    );
    return reply.status(201).send(toView(row));
  });

  app.get<{ Params: { id: string } }>(apiPaths.checkupResult, async (request) => toView(await loadResult(ctx, request.params.id)));

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
