import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailStopAnswer } from '#shared/api/mail-stop';
import { apiPaths } from '#shared/api/paths';
import type { PublicUser } from '#shared/auth/user';
import { scoreAnswers } from '#shared/checkup/grading';
import { questionSetVersion } from '#shared/checkup/versions';
import { reminderStopSchema } from '#shared/checkup/schemas';
import { siteIsoDate } from '#shared/site-time';
import {
  answerDraftSchema,
  answerLinkSchema,
  answerSubmitSchema,
  ROUND_MINIMUM,
  roundExtendSchema,
  roundInvitationParamsSchema,
  roundMessages,
  roundParamsSchema,
  roundStartSchema,
  type TeamRoundsView,
} from '#shared/team-checkup/schemas';
import { recordAudit } from '../../audit-log';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser, requireUser, signedInUser } from '../../http/guards';
import { loadLinkKey, verifyLink } from '../../mail/links';
import { oneClickRoute } from '../../mail/one-click';
import { countMailTo } from '../../mail/recipient-caps';
import { hasOptedOut, optOut } from '../../mail/topic-opt-outs';
import { deleteAttemptOf, saveRoundAttempt } from '../checkup/repo';
import type { TeamRow } from '../teams/repo';
import { withTeamLock } from '../teams/repo';
import { checkClosingDay, roundTimes } from './closing-day';
import { roundMail } from './reminders';
import {
  closePassedRounds,
  hashToken,
  insertInvitations,
  insertRound,
  invitationById,
  roundById,
  invitationByToken,
  invitationOfRound,
  linkToken,
  lockInvitation,
  lockRound,
  mailBlocked,
  openRoundOf,
  organiserNameOf,
  refreshFigures,
  removeAnswer,
  type RoundInvitationRow,
  type RoundRow,
  roundsAnsweredBy,
  roundsOfTeam,
  roundWithCounts,
  saveAnswer,
  saveDraft,
  setRound,
  teamOfPerson,
  teamPeople,
  unansweredOf,
  withdrawInvitation,
} from './repo';
import { linkView, REMIND_AGAIN_MS, resultView, roundSummary, roundView, statusOf } from './views';

const UNKNOWN_LINK = 'This link is not valid. Use the link from your invitation email.';

/**
 * The team Check-Up (decision 077): a team's people start and follow rounds by session; whoever
 * was asked answers from their personal link, no account needed. No answer reaches anyone but its
 * person (decision 078): the organiser sees who answered, the result only figures.
 */
export async function teamCheckupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const signedIn = { preHandler: requireUser(ctx) };
  const noStore = { 'cache-control': 'no-store' };
  const timeZone = ctx.env.SITE_TIMEZONE;
  // The key that makes the personal links (and signs the leave links), read once.
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);

  /** The signed-in person and their team: its buyer or one of its seat holders, on a live plan. */
  const onTeam = async (request: FastifyRequest) => {
    const user = await signedInUser(request, ctx);
    const found = await teamOfPerson(ctx.db, user.id);
    if (!found) throw new HttpError(403, roundMessages.notOnTeam);
    return { user, ...found };
  };
  type Person = Awaited<ReturnType<typeof onTeam>>;
  /** The result is the organiser's and the respondents' who answered with their account. */
  const mayReadResult = async (userId: string, round: Pick<RoundRow, 'id' | 'organiserId'>) =>
    round.organiserId === userId || (await roundsAnsweredBy(ctx.db, userId, [round.id])).has(round.id);
  /** The organiser, and the team's buyer (decision 077: a round outlives its organiser's seat). */
  const mayManage = (person: Person, round: Pick<RoundRow, 'organiserId'>) => person.buyer || round.organiserId === person.user.id;

  /** A round of the signed-in person's team; any other round does not exist for them. */
  const roundOfTeam = async (request: FastifyRequest) => {
    const { id } = parseInput(roundParamsSchema, request.params);
    const user = await signedInUser(request, ctx);
    const round = await roundWithCounts(ctx.db, id);
    const found = round && (await teamOfPerson(ctx.db, user.id));
    if (!round || !found || round.teamId !== found.team.id) throw new HttpError(404, roundMessages.noSuchRound);
    return { person: { user, ...found }, round };
  };
  const managed = async (request: FastifyRequest) => {
    const found = await roundOfTeam(request);
    if (!mayManage(found.person, found.round)) throw new HttpError(403, roundMessages.notOrganiser);
    return found;
  };
  const viewFor = async (person: Person, roundId: string) => {
    const round = (await roundWithCounts(ctx.db, roundId))!;
    return roundView(ctx.db, round, new Date(), { canManage: mayManage(person, round), resultVisible: await mayReadResult(person.user.id, round) });
  };
  /** A managed change of an open round, under its row lock; `change` returns the mails it stored. */
  const changeOpenRound = async (roundId: string, change: (tx: Transaction, round: RoundRow, now: Date) => Promise<string[]>) => {
    const mailIds = await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const round = await lockRound(tx, roundId);
      if (!round || statusOf(round, now) === 'closed') throw new HttpError(409, roundMessages.closed);
      return change(tx, round, now);
    });
    ctx.mailQueue.deliverNow(mailIds);
  };
  /** Stores one round mail to each of `targets` that may receive it, counted against the sender's caps. */
  const storeRoundMails = async (
    tx: Transaction,
    sender: PublicUser,
    round: Pick<RoundRow, 'name' | 'closesAt'>,
    targets: Array<{ id: string; email: string }>,
    kind: 'invitation' | 'now',
  ) => {
    const key = await keyOnce;
    const blocked = await mailBlocked(
      tx,
      targets.map((target) => target.email),
    );
    const organiserName = await organiserNameOf(tx, sender.id);
    const ids: string[] = [];
    for (const target of targets) {
      if (blocked.has(target.email.toLowerCase())) continue;
      await countMailTo(tx, 'teamCheckup', { to: target.email, sender: `user:${sender.id}` });
      const mail = roundMail(ctx, key, { invitationId: target.id, email: target.email, roundName: round.name, closesAt: round.closesAt, organiserName }, kind);
      ids.push(await ctx.mailQueue.store(tx, mail));
    }
    return ids;
  };

  app.get(apiPaths.teamCheckupRounds, signedIn, async (request, reply): Promise<TeamRoundsView> => {
    reply.headers(noStore);
    const person = await onTeam(request);
    const now = new Date();
    const rounds = await roundsOfTeam(ctx.db, person.team.id);
    const answered = await roundsAnsweredBy(
      ctx.db,
      person.user.id,
      rounds.map((round) => round.id),
    );
    return {
      rounds: rounds.map((round) => roundSummary(round, now, round.organiserId === person.user.id || answered.has(round.id))),
      canStart: !rounds.some((round) => statusOf(round, now) === 'open'),
      people: await teamPeople(ctx.db, person.team),
    };
  });

  app.post(apiPaths.teamCheckupRounds, signedIn, async (request, reply) => {
    const input = parseInput(roundStartSchema, request.body);
    const person = await onTeam(request);
    const now = new Date();
    const today = siteIsoDate(now, timeZone);
    checkClosingDay(input.closesOn, today, today);
    const asked = await whoIsAsked(ctx, person.team, input);
    if (asked.length < ROUND_MINIMUM) throw new HttpError(400, roundMessages.tooFew);
    const times = roundTimes(input.closesOn, timeZone);
    const { roundId, mailIds } = await withTeamLock(ctx.database, person.team.id, () =>
      ctx.db.transaction(async (tx) => {
        // A round whose time passed is closed now, so the next can start before the job comes by.
        await closePassedRounds(tx, now, person.team.id);
        if (await openRoundOf(tx, person.team.id)) throw new HttpError(409, roundMessages.openRound);
        let round: RoundRow;
        try {
          round = await insertRound(tx, { teamId: person.team.id, name: input.name, organiserId: person.user.id, startedAt: now, ...times });
        } catch (error) {
          // Another server's start won between the look and the insert: the one-open-round index held.
          if (isUniqueViolation(error, 'team_checkup_rounds_one_open_idx')) throw new HttpError(409, roundMessages.openRound);
          throw error;
        }
        const key = await keyOnce;
        const rows = asked.map((invitee) => ({ id: randomUUID(), roundId: round.id, email: invitee.email, userId: invitee.userId, invitedAt: now }));
        await insertInvitations(
          tx,
          rows.map((row) => ({ ...row, tokenHash: hashToken(linkToken(key, row.id)) })),
        );
        await recordAudit(tx, person.user, {
          action: 'team_checkup.start',
          targetType: 'team',
          targetId: person.team.id,
          details: { round: round.id, invited: rows.length },
        });
        return { roundId: round.id, mailIds: await storeRoundMails(tx, person.user, round, rows, 'invitation') };
      }),
    );
    ctx.mailQueue.deliverNow(mailIds);
    return reply.status(201).send(await viewFor(person, roundId));
  });

  app.get(apiPaths.teamCheckupRound, signedIn, async (request, reply) => {
    reply.headers(noStore);
    const { person, round } = await roundOfTeam(request);
    return viewFor(person, round.id);
  });

  app.post(apiPaths.teamCheckupRemind, signedIn, async (request) => {
    const { person, round } = await managed(request);
    await changeOpenRound(round.id, async (tx, locked, now) => {
      if (locked.remindedAt && now.getTime() - locked.remindedAt.getTime() < REMIND_AGAIN_MS) throw new HttpError(409, roundMessages.remindedToday);
      await setRound(tx, locked.id, { remindedAt: now });
      return storeRoundMails(tx, person.user, locked, await unansweredOf(tx, locked.id), 'now');
    });
    return viewFor(person, round.id);
  });

  app.post(apiPaths.teamCheckupExtend, signedIn, async (request) => {
    const { closesOn } = parseInput(roundExtendSchema, request.body);
    const { person, round } = await managed(request);
    await changeOpenRound(round.id, async (tx, locked) => {
      if (locked.extendedAt) throw new HttpError(409, roundMessages.extendedAlready);
      if (closesOn <= siteIsoDate(locked.closesAt, timeZone)) throw new HttpError(400, roundMessages.extendEarlier, { closesOn: roundMessages.extendEarlier });
      checkClosingDay(closesOn, siteIsoDate(new Date(), timeZone), siteIsoDate(locked.startedAt, timeZone));
      await setRound(tx, locked.id, { ...roundTimes(closesOn, timeZone), extendedAt: new Date() });
      await recordAudit(tx, person.user, {
        action: 'team_checkup.extend',
        targetType: 'team',
        targetId: person.team.id,
        details: { round: locked.id, closesOn },
      });
      return [];
    });
    return viewFor(person, round.id);
  });

  app.post(apiPaths.teamCheckupClose, signedIn, async (request) => {
    const { person, round } = await managed(request);
    await changeOpenRound(round.id, async (tx, locked, now) => {
      await setRound(tx, locked.id, { closedAt: now });
      await recordAudit(tx, person.user, { action: 'team_checkup.close', targetType: 'team', targetId: person.team.id, details: { round: locked.id } });
      return [];
    });
    return viewFor(person, round.id);
  });

  app.delete(apiPaths.teamCheckupInvitation, signedIn, async (request) => {
    const { invitationId } = parseInput(roundInvitationParamsSchema, request.params);
    const { person, round } = await managed(request);
    await changeOpenRound(round.id, async (tx, locked, now) => {
      const invitation = await invitationOfRound(tx, locked.id, invitationId);
      if (!invitation) throw new HttpError(404, 'This invitation does not exist.');
      // An answer stays its person's: taking it out would show the figures without it (a subtraction).
      if (invitation.answeredAt) throw new HttpError(409, roundMessages.answeredCannotWithdraw);
      if (await withdrawInvitation(tx, invitation.id, now))
        await recordAudit(tx, person.user, {
          action: 'team_checkup.withdraw',
          targetType: 'team',
          targetId: person.team.id,
          details: { invitation: invitation.id },
        });
      return [];
    });
    return viewFor(person, round.id);
  });

  app.get(apiPaths.teamCheckupResult, signedIn, async (request, reply) => {
    reply.headers(noStore);
    const { id } = parseInput(roundParamsSchema, request.params);
    const user = await signedInUser(request, ctx);
    const round = await roundById(ctx.db, id);
    if (!round) throw new HttpError(404, roundMessages.noSuchRound);
    if (!(await mayReadResult(user.id, round))) throw new HttpError(403, roundMessages.resultHidden);
    return resultView(ctx.db, round, new Date());
  });

  await linkRoutes(app, ctx, keyOnce);
}

/**
 * Who a start asks: the team's people chosen (each must be one of them), and the addresses typed,
 * folded into one invitation per address (an address of one of the team's people is that person).
 */
async function whoIsAsked(ctx: AppContext, team: TeamRow, input: { memberIds: string[]; emails: string[] }) {
  const people = await teamPeople(ctx.db, team);
  const byId = new Map(people.map((p) => [p.userId, p]));
  const byAddress = new Map(people.map((p) => [p.email.trim().toLowerCase(), p]));
  const asked = new Map<string, { email: string; userId: string | null }>();
  for (const id of input.memberIds) {
    const member = byId.get(id);
    if (!member) throw new HttpError(400, roundMessages.notMember, { memberIds: roundMessages.notMember });
    asked.set(member.email.trim().toLowerCase(), { email: member.email, userId: member.userId });
  }
  for (const email of input.emails) {
    const address = email.trim().toLowerCase();
    if (asked.has(address)) continue;
    const member = byAddress.get(address);
    asked.set(address, member ? { email: member.email, userId: member.userId } : { email: email.trim(), userId: null });
  }
  return [...asked.values()];
}

/** The personal link's routes: no account needed, the token is the key (and each link has its own limits). */
async function linkRoutes(app: FastifyInstance, ctx: AppContext, keyOnce: Promise<Buffer>): Promise<void> {
  const noStore = { 'cache-control': 'no-store' };
  // Per link, not per client address: a team answering from one office shares an address. Keyed
  // by the token's hash: the token itself is stored nowhere.
  const perLink = (max: number) => ({
    config: {
      rateLimit: {
        max,
        timeWindow: '1 hour',
        keyGenerator: (request: FastifyRequest) => `team-checkup-link:${hashToken(String((request.params as { token?: string }).token))}`,
      },
    },
  });
  const answerLimit = perLink(ctx.env.RATE_LIMIT_FORMS_PER_HOUR);
  // Progress is saved as each statement is answered: a few times the 20 statements an hour.
  const draftLimit = perLink(ctx.env.RATE_LIMIT_FORMS_PER_HOUR * 10);

  const linkOf = async (request: FastifyRequest) => {
    const { token } = parseInput(answerLinkSchema, request.params);
    const invitation = await invitationByToken(ctx.db, token);
    if (!invitation) throw new HttpError(404, UNKNOWN_LINK);
    return invitation;
  };
  /** The invitation (and its round) locked for a change: never withdrawn, and open unless `evenClosed`. */
  const lockedLink = async (tx: Transaction, invitationId: string, roundId: string, now: Date, evenClosed = false) => {
    const round = await lockRound(tx, roundId);
    const invitation = await lockInvitation(tx, invitationId);
    if (!round || !invitation) throw new HttpError(404, UNKNOWN_LINK);
    if (invitation.withdrawnAt) throw new HttpError(410, roundMessages.linkWithdrawn);
    if (!evenClosed && statusOf(round, now) === 'closed') throw new HttpError(409, roundMessages.linkClosed);
    return { round, invitation };
  };
  /** What the link shows: the invitation and its round as read (after a change, as committed). */
  const answerView = async (invitationId: string, changed?: { invitation: RoundInvitationRow; round: RoundRow }) => {
    const invitation = changed?.invitation ?? (await invitationById(ctx.db, invitationId));
    const round = changed?.round ?? (invitation && (await roundById(ctx.db, invitation.roundId)));
    if (!invitation || !round) throw new HttpError(404, UNKNOWN_LINK);
    return linkView(ctx.db, invitation, round, new Date());
  };

  app.get(apiPaths.teamCheckupLink, async (request, reply) => {
    reply.headers(noStore);
    return answerView((await linkOf(request)).id);
  });

  // Called at every statement answered: one statement when it succeeds, and no view to read back
  // (the page keeps its own progress); the reasons are looked up only when nothing was saved.
  app.put(apiPaths.teamCheckupLink, draftLimit, async (request, reply) => {
    // The link first: a malformed one is what is wrong, whatever the body says.
    const { token } = parseInput(answerLinkSchema, request.params);
    const draft = parseInput(answerDraftSchema, request.body);
    const now = new Date();
    if (!(await saveDraft(ctx.db, hashToken(token), draft, now))) {
      const found = await linkOf(request);
      if (found.withdrawnAt) throw new HttpError(410, roundMessages.linkWithdrawn);
      // The only other reason: its round has closed.
      throw new HttpError(409, roundMessages.linkClosed);
    }
    return reply.status(204).send();
  });

  app.post(apiPaths.teamCheckupLink, answerLimit, async (request) => {
    parseInput(answerLinkSchema, request.params);
    const input = parseInput(answerSubmitSchema, request.body);
    const found = await linkOf(request);
    // The answer is also an attempt in an account's progress: the team person's, or, for someone
    // from outside, the account signed in here that has verified the invitation's address.
    const user = await getSessionUser(request, ctx);
    const signedInOwner = user?.emailVerified && user.email.trim().toLowerCase() === found.email.trim().toLowerCase() ? user.id : null;
    const changed = await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const { round, invitation } = await lockedLink(tx, found.id, found.roundId, now);
      const account = invitation.userId ?? signedInOwner;
      const attempt = account
        ? await saveRoundAttempt(tx, invitation.checkupResultId, {
            email: invitation.email,
            answers: input.answers,
            userId: account,
            questionSetVersion,
            ...scoreAnswers(input.answers),
          })
        : null;
      const saved = await saveAnswer(tx, invitation.id, {
        answers: input.answers,
        role: input.role,
        answeredAt: now,
        userId: account,
        checkupResultId: attempt,
      });
      return { invitation: saved, round: await refreshFigures(tx, round, now) };
    });
    return answerView(found.id, changed);
  });

  // Removing one's answer is always possible, also once the round has closed: it is theirs (decision 077).
  app.delete(apiPaths.teamCheckupLink, answerLimit, async (request) => {
    const found = await linkOf(request);
    await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const { round, invitation } = await lockedLink(tx, found.id, found.roundId, now, true);
      if (invitation.userId && invitation.checkupResultId) await deleteAttemptOf(tx, invitation.userId, invitation.checkupResultId);
      await removeAnswer(tx, invitation.id);
      await refreshFigures(tx, round, now);
    });
    return answerView(found.id);
  });

  app.get(apiPaths.teamCheckupLinkResult, async (request, reply) => {
    reply.headers(noStore);
    const invitation = await linkOf(request);
    if (invitation.withdrawnAt) throw new HttpError(410, roundMessages.linkWithdrawn);
    if (!invitation.answeredAt) throw new HttpError(403, roundMessages.resultHidden);
    return resultView(ctx.db, (await roundById(ctx.db, invitation.roundId))!, new Date());
  });

  // The round mails' one-click unsubscribe (RFC 8058), and the same from a page: the address leaves this topic only.
  const emailOf = async (source: unknown) => {
    const { token } = parseInput(reminderStopSchema, source);
    const email = verifyLink(await keyOnce, 'preferences', token);
    if (!email) throw new HttpError(400, 'This link is not valid: it may be incomplete or altered. Use the link from your latest team Check-Up email.');
    return email;
  };
  await oneClickRoute(app, apiPaths.teamCheckupMailStop, async (request, reply, form): Promise<MailStopAnswer> => {
    reply.headers(noStore);
    const email = await emailOf(form ? request.query : request.body);
    await optOut(ctx.db, email, ['team-checkup']);
    return { email, stopped: await hasOptedOut(ctx.db, 'team-checkup', email), message: 'You will receive no more team Check-Up invitations or reminders.' };
  });
}
