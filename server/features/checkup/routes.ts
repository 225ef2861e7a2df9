import type { FastifyInstance } from 'fastify';
import { gradeOverall, scoreAnswers } from '#shared/checkup/grading';
import { breakdownRequestSchema, checkupSubmissionSchema, type CheckupResultView, isResultId, reminderStopSchema } from '#shared/checkup/schemas';
import type { OrganisationAnswers, PeerFigures } from '#shared/checkup/organisation';
import { questionSetVersion } from '#shared/checkup/versions';
import type { MailStopAnswer } from '#shared/api/mail-stop';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser, requireUser, signedInUser } from '../../http/guards';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { loadLinkKey, verifyLink } from '../../mail/links';
import { oneClickRoute } from '../../mail/one-click';
import { hasOptedOut, optOut } from '../../mail/topic-opt-outs';
import { countMailTo } from '../../mail/recipient-caps';
import { recordServerEvent } from '../events/record';
import type { Database, Executor } from '../../db/client';
import { enrolFromResult } from '../follow-ups/service';
import { confirmRoutes } from './confirm-routes';
import { askOwnerToConfirm } from './confirmations';
import { figuresAmong, peerFiguresFor } from './peers';
import { memberProgress } from './progress';
import {
  type CheckupResultRow,
  deleteAttemptOf,
  findCheckupResult,
  findResultWithGroups,
  insertCheckupResult,
  lastOrganisationOf,
  type ShownResult,
  verifiedAccountFor,
} from './repo';

/**
 * What anyone holding the result's link may see: the scores and grade, and where they stand
 * among peers (the stored figures of the result's budget band, decision 040); never the email or answers.
 */
export async function resultView(db: Executor, row: ShownResult): Promise<CheckupResultView> {
  return viewOf(row, await peerFiguresFor(db, row.budgetBand));
}

/** The same for a stored result by id, read with its peer groups in one statement; undefined when there is none. */
export async function findResultView(db: Database, id: string): Promise<CheckupResultView | undefined> {
  // A malformed id would make PostgreSQL raise an error (a 500): it is simply not a result.
  const found = isResultId(id) ? await findResultWithGroups(db, id) : undefined;
  return found && viewOf(found.result, figuresAmong(found.groups, found.result.budgetBand));
}

function viewOf(row: ShownResult, peers: PeerFigures | null): CheckupResultView {
  return {
    id: row.id,
    score: row.score,
    totalScore: row.totalScore,
    categoryScores: row.categoryScores,
    grade: gradeOverall(row.totalScore).grade,
    createdAt: row.createdAt.toISOString(),
    peers,
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
  // The key that signs the reminders' stop links and the confirmation links, read once.
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);

  app.post(apiPaths.checkupResults, { config: formLimit }, async (request, reply) => {
    const input = parseInput(checkupSubmissionSchema, request.body);
    // Never trust the client's sums: the score is what the answers add up to.
    const scores = scoreAnswers(input.answers);
    // Signed in, the attempt is the account's. Signed out, anyone can type any address: under the
    // address of an account that has verified it, the attempt waits until the address's owner
    // confirms it from a link mailed to them; under any other address it is nobody's until an
    // account verifies the address (decision 038).
    const member = await getSessionUser(request, ctx);
    const owner = member ? null : await verifiedAccountFor(ctx.db, input.email);
    const key = owner ? await keyOnce : undefined;
    const organisation = { budgetBand: input.budgetBand ?? null, staffBand: input.staffBand ?? null, focusArea: input.focusArea ?? null };
    // The result, its follow-up enrolments and the owner's mail are one write: a retake stops the earlier enrolments in it.
    const { row, enrolled, mailId } = await ctx.db.transaction(async (tx) => {
      const stored = await insertCheckupResult(tx, {
        email: input.email,
        answers: input.answers,
        userId: member?.id ?? null,
        awaitsConfirmation: owner !== null,
        questionSetVersion,
        ...organisation,
        ...scores,
      });
      const asked = owner && key ? await askOwnerToConfirm(tx, ctx, key, owner, stored) : null;
      return { row: stored, enrolled: (await enrolFromResult(tx, stored)).length > 0, mailId: asked };
    });
    if (mailId) ctx.mailQueue.deliverNow([mailId]);
    // A first step due at once goes out within seconds, from the job: never from this request.
    if (enrolled) ctx.jobs?.kick('follow-ups');
    // The completion as stored and scored here: a page cannot report one with a score of its choosing.
    await recordServerEvent(
      ctx,
      { kind: 'quiz_complete', path: '/checkup', props: { grade: gradeOverall(scores.score).grade, score: scores.score } },
      request.log,
    );
    return reply.status(201).send(await resultView(ctx.db, row));
  });

  app.get<{ Params: { id: string } }>(apiPaths.checkupResult, async (request) => {
    const view = await findResultView(ctx.db, request.params.id);
    if (!view) throw new HttpError(404, 'No Check-Up result with this id');
    return view;
  });

  app.post<{ Params: { id: string } }>(apiPaths.checkupBreakdown, { config: formLimit }, async (request, reply) => {
    refuseFilledHoneypot(request.body);
    const input = parseInput(breakdownRequestSchema, request.body);
    const row = await loadResult(ctx, request.params.id);
    // Mailed to the address given, but the stored email stays the first one: whoever holds the
    // results link must not be able to redirect the result's later mail to another inbox.
    // The email layout (react-email) loads with the first breakdown asked for: memory a server that sends none keeps free.
    const { breakdownMail } = await import('./breakdown-mail');
    const mail = await breakdownMail({
      to: input.email,
      id: row.id,
      totalScore: row.totalScore,
      categoryScores: row.categoryScores,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    // Anyone with a result's link may ask: capped per address and per asker, so no inbox can be flooded from here.
    const sender = (await getSessionUser(request, ctx))?.id;
    const mailId = await ctx.db.transaction(async (tx) => {
      await countMailTo(tx, 'checkupBreakdown', { to: input.email, sender: sender ? `user:${sender}` : `ip:${request.ip}` });
      return ctx.mailQueue.store(tx, mail);
    });
    ctx.mailQueue.deliverNow([mailId]);
    return reply.status(202).send({ ok: true });
  });

  const signedIn = { preHandler: requireUser(ctx) };
  const noStore = { 'cache-control': 'no-store' };
  app.get(apiPaths.checkupProgress, signedIn, async (request, reply) => {
    reply.headers(noStore);
    const user = await signedInUser(request, ctx);
    return memberProgress(ctx.db, user.id, ctx.env.SITE_TIMEZONE);
  });

  // What the member answered about the organisation last time: the Check-Up asks again, with these filled in.
  app.get(apiPaths.checkupOrganisation, signedIn, async (request, reply): Promise<OrganisationAnswers> => {
    reply.headers(noStore);
    return lastOrganisationOf(ctx.db, (await signedInUser(request, ctx)).id);
  });

  // Someone else's attempt and one that does not exist get the same 404: an id reveals nothing.
  app.delete<{ Params: { id: string } }>(apiPaths.checkupAttempt, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const id = request.params.id;
    if (!isResultId(id) || !(await deleteAttemptOf(ctx.db, user.id, id))) throw new HttpError(404, 'No Check-Up attempt of yours with this id');
    return reply.status(204).send();
  });

  await reminderStopRoutes(app, ctx, keyOnce);
  await confirmRoutes(app, ctx, keyOnce);
}

/**
 * The retake reminder's "stop" link: the page GETs what the link is for (mail scanners fetch
 * links, so a GET changes nothing) and POSTs to stop; mail clients POST the RFC 8058 one-click
 * form to the same address, with the token in its query (the address's preferences token).
 * Either way the address leaves the topic 'retake-reminders' (decision 071), as it would from the
 * preferences page.
 */
async function reminderStopRoutes(app: FastifyInstance, ctx: AppContext, keyOnce: Promise<Buffer>): Promise<void> {
  const emailOf = async (source: unknown) => {
    const { token } = parseInput(reminderStopSchema, source);
    const email = verifyLink(await keyOnce, 'preferences', token);
    if (!email) throw new HttpError(400, 'This link is not valid: it may be incomplete or altered. Use the link from your latest Check-Up email.');
    return email;
  };
  const noStore = { 'cache-control': 'no-store' };

  app.get(apiPaths.checkupRemindersStop, async (request, reply): Promise<MailStopAnswer> => {
    reply.headers(noStore);
    const email = await emailOf(request.query);
    const stopped = await hasOptedOut(ctx.db, 'retake-reminders', email);
    return {
      email,
      stopped,
      message: stopped ? 'This address gets no Check-Up reminders.' : 'This address gets one reminder to retake the Check-Up after each attempt.',
    };
  });

  await oneClickRoute(app, apiPaths.checkupRemindersStop, async (request, reply, form): Promise<MailStopAnswer> => {
    reply.headers(noStore);
    const email = await emailOf(form ? request.query : request.body);
    await optOut(ctx.db, email, ['retake-reminders']);
    return { email, stopped: true, message: 'Done: this address will get no more Check-Up reminders.' };
  });
}
