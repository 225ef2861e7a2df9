import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { gradeOverall } from '#shared/checkup/grading';
import { type AwaitingAttempts, attemptConfirmSchema, reminderStopSchema } from '#shared/checkup/schemas';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { verifyLink } from '../../mail/links';
import { awaitingAttemptsUnder, confirmAttempt, verifiedAccountFor } from './repo';

/**
 * The confirmation link (purpose `checkup-confirm`, bound to the address): GET lists the attempts
 * that wait under the address (mail scanners fetch links, so a GET changes nothing); POST adds one
 * to the account that has verified the address now.
 */
export async function confirmRoutes(app: FastifyInstance, ctx: AppContext, keyOnce: Promise<Buffer>): Promise<void> {
  const noStore = { 'cache-control': 'no-store' };
  const addressOf = async (token: string) => {
    const email = verifyLink(await keyOnce, 'checkup-confirm', token);
    if (!email) throw new HttpError(400, 'This link is not valid: it may be incomplete or altered. Use the link from the email we sent you.');
    return email;
  };
  const awaiting = async (email: string): Promise<AwaitingAttempts> => ({
    email,
    attempts: (await awaitingAttemptsUnder(ctx.db, email)).map((row) => {
      const { grade, label, percent } = gradeOverall(row.totalScore);
      return { id: row.id, createdAt: row.createdAt.toISOString(), grade, label, percent };
    }),
  });

  app.get(apiPaths.checkupConfirm, async (request, reply): Promise<AwaitingAttempts> => {
    reply.headers(noStore);
    return awaiting(await addressOf(parseInput(reminderStopSchema, request.query).token));
  });

  app.post(apiPaths.checkupConfirm, async (request, reply): Promise<AwaitingAttempts> => {
    reply.headers(noStore);
    const input = parseInput(attemptConfirmSchema, request.body);
    const email = await addressOf(input.token);
    // The account that has verified the address now: the link's address is the proof, as at verification.
    const owner = await verifiedAccountFor(ctx.db, email);
    if (!owner) throw new HttpError(409, 'No account has confirmed this address any more, so there is no progress to add the Check-Up to.');
    if (!(await confirmAttempt(ctx.db, input.id, owner.id, email))) {
      throw new HttpError(404, 'This Check-Up is not waiting to be added: it may be in your progress already.');
    }
    return awaiting(email);
  });
}
