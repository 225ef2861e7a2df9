import { gradeOverall, scoreAnswers } from '#shared/checkup/grading';
import { pillars } from '#shared/checkup/questions';
import {
  type AnswerLinkView,
  ROUND_MINIMUM,
  type RoundInviteeView,
  type RoundResultView,
  type RoundStatus,
  type RoundSummary,
  type RoundView,
} from '#shared/team-checkup/schemas';
import type { Executor } from '../../db/client';
import { peerFiguresFor } from '../checkup/peers';
import { waitingSince } from './figures';
import { accountWithAddress, askedIn, countedAnswers, inviteesOf, organiserNameOf, previousRoundWithFigures, type RoundWithCounts } from './repo';
import type { RoundInvitationRow, RoundRow } from './schema';

/** How long after a "remind now" the next one may go. */
export const REMIND_AGAIN_MS = 86_400_000;

/** Open until closed early or until the end of its closing day (the job also records that as its close). */
export const statusOf = (round: Pick<RoundRow, 'closedAt' | 'closesAt'>, now: Date): RoundStatus =>
  round.closedAt || round.closesAt < now ? 'closed' : 'open';

export function roundSummary(round: RoundWithCounts, now: Date, resultVisible: boolean): RoundSummary {
  return {
    id: round.id,
    name: round.name,
    status: statusOf(round, now),
    startedAt: round.startedAt.toISOString(),
    closesAt: round.closesAt.toISOString(),
    closedAt: round.closedAt?.toISOString() ?? null,
    organiserName: round.organiserName ?? 'Your colleague',
    invited: round.invited,
    answered: round.answered,
    resultVisible: resultVisible && Boolean(round.shownFigures?.figures),
  };
}

const notMailedText: Record<string, string> = {
  suppressed: 'Mail to this address was refused, so no invitation or reminder goes to it.',
  'opted-out': 'This address chose not to receive team Check-Up invitations and reminders.',
};

/**
 * One round for the team's people: the organiser and the buyer (`canManage`) see who was asked
 * and whether each answered, never what; the team's other people see the summary only.
 */
export async function roundView(db: Executor, round: RoundWithCounts, now: Date, who: { canManage: boolean; resultVisible: boolean }): Promise<RoundView> {
  const invitees: RoundInviteeView[] = who.canManage
    ? (await inviteesOf(db, round.id)).map((row) => ({
        id: row.id,
        name: row.name?.trim() || row.email,
        email: row.email,
        fromTeam: row.fromTeam,
        answered: row.answeredAt !== null,
        withdrawn: row.withdrawnAt !== null,
        notMailed: row.notMailed ? notMailedText[row.notMailed]! : null,
      }))
    : [];
  const nextRemind = round.remindedAt ? new Date(round.remindedAt.getTime() + REMIND_AGAIN_MS) : null;
  return {
    ...roundSummary(round, now, who.resultVisible),
    canManage: who.canManage,
    extended: round.extendedAt !== null,
    remindAgainAt: nextRemind && nextRemind > now ? nextRemind.toISOString() : null,
    invitees,
  };
}

/**
 * A round's result as it may be shown (decision 078): the figures drawn once enough had answered,
 * how many answers came since, beside the peer figures and the team's previous round.
 */
export async function resultView(db: Executor, round: RoundRow, now: Date): Promise<RoundResultView> {
  const current = await countedAnswers(db, round.id);
  const shown = round.shownFigures;
  const previous = await previousRoundWithFigures(db, round);
  return {
    id: round.id,
    name: round.name,
    status: statusOf(round, now),
    closesAt: round.closesAt.toISOString(),
    closedAt: round.closedAt?.toISOString() ?? null,
    answered: current.length,
    needed: shown?.figures ? 0 : Math.max(0, ROUND_MINIMUM - current.length),
    figures: shown?.figures ?? null,
    waiting: shown?.figures ? waitingSince(current, shown) : 0,
    peers: await peerFiguresFor(db, null),
    previous: previous?.shownFigures?.figures
      ? {
          id: previous.id,
          name: previous.name,
          closedAt: previous.closedAt?.toISOString() ?? null,
          respondents: previous.shownFigures.figures.respondents,
          pillars: Object.fromEntries(
            pillars.map((pillar) => [pillar, previous.shownFigures!.figures!.pillars.find((figure) => figure.pillar === pillar)?.mean ?? 0]),
          ) as NonNullable<RoundResultView['previous']>['pillars'],
        }
      : null,
  };
}

/** What the personal link shows its holder: the round, their progress, and their own answer with its scores. */
export async function linkView(db: Executor, invitation: RoundInvitationRow, round: RoundRow, now: Date): Promise<AnswerLinkView> {
  const scores = invitation.answers ? scoreAnswers(invitation.answers) : null;
  return {
    status: invitation.withdrawnAt ? 'withdrawn' : statusOf(round, now),
    roundId: round.id,
    roundName: round.name,
    askedBy: await organiserNameOf(db, round.organiserId),
    closesAt: round.closesAt.toISOString(),
    asked: await askedIn(db, round.id),
    email: invitation.email,
    draft: invitation.draft ?? { answers: {}, role: null },
    answer:
      scores && invitation.answeredAt && invitation.role
        ? {
            answeredAt: invitation.answeredAt.toISOString(),
            role: invitation.role,
            score: scores.score,
            categoryScores: scores.categoryScores,
            grade: gradeOverall(scores.totalScore).grade,
          }
        : null,
    resultReady: Boolean(round.shownFigures?.figures),
    hasAccount: (await accountWithAddress(db, invitation.email)) !== undefined,
  };
}
