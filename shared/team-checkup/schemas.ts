import type { CategoryScores, Grade } from '../checkup/grading';
import type { PeerFigures } from '../checkup/organisation';
import type { Pillar } from '../checkup/questions';
import { answersSchema } from '../checkup/schemas';
import { pageQuerySchema } from '../admin/page-query';
import { emailAddress } from '../email';
import { z } from '../zod';

/**
 * The team Check-Up: a round asks a team (and up to 25 people from outside it) the Check-Up's
 * 20 statements, and shows one picture of the organisation once enough have answered, never
 * anyone's own answers (decisions 077 and 078). One schema for each form and its route.
 */

/** No figure of a round is shown for fewer people than this. */
export const ROUND_MINIMUM = 3;
export const ROUND_DEFAULT_DAYS = 14;
/** A round closes at most this many days after it starts (an extension included). */
export const ROUND_MAX_DAYS = 60;
/** People asked by email from outside the team (board members, volunteers), per round. */
export const ROUND_MAX_OUTSIDE = 25;
/** The reminder before the close goes this many days ahead; the second on the last day. */
export const ROUND_REMINDER_DAYS_BEFORE = 3;
export const ROUND_NAME_MAX = 80;

export const respondentRoles = ['staff', 'board', 'volunteer', 'other'] as const;
export type RespondentRole = (typeof respondentRoles)[number];
export const respondentRoleLabels: Record<RespondentRole, string> = { staff: 'Staff', board: 'Board', volunteer: 'Volunteer', other: 'Other' };

/** How far apart answers are, in words (thresholds in agreementOf). */
export type Agreement = 'agree' | 'differ' | 'very-differently';
export const agreementLabels: Record<Agreement, string> = {
  agree: 'You broadly agree',
  differ: 'You see this somewhat differently',
  'very-differently': 'You see this very differently',
};

/**
 * A spread in words: for a pillar's health percents (standard deviation in percentage points) or
 * a statement's answers (standard deviation on the 1-4 scale). One answer step is 25 points of a
 * statement and 6.25 of a pillar, so the lines sit at about one and two steps apart.
 */
export function agreementOf(spread: number, scale: 'pillar' | 'statement'): Agreement {
  const [somewhat, very] = scale === 'pillar' ? [10, 20] : [0.5, 1];
  if (spread < somewhat) return 'agree';
  return spread < very ? 'differ' : 'very-differently';
}

const roundName = z
  .string({ error: 'Give the round a name' })
  .trim()
  .min(1, 'Give the round a name')
  .max(ROUND_NAME_MAX, `A round's name is at most ${ROUND_NAME_MAX} characters`);

/** A day on the site's calendar (YYYY-MM-DD); the round closes at the end of that day, on the site's clock. */
export const closingDay = z
  .string({ error: 'Choose the closing date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The closing date must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'The closing date is not a real date');

/** POST: start a round. `memberIds` are the team's people (seat holders, the buyer); `emails` anyone else. */
export const roundStartSchema = z
  .object({
    name: roundName,
    closesOn: closingDay,
    memberIds: z.array(z.uuid('Choose people from your team'), { error: 'Choose people from your team' }).max(200, 'Choose at most 200 people from your team'),
    emails: z
      .array(emailAddress, { error: 'Emails must be a list of addresses' })
      .max(ROUND_MAX_OUTSIDE, `Ask at most ${ROUND_MAX_OUTSIDE} people from outside the team in one round`),
  })
  .strict();
export type RoundStartInput = z.infer<typeof roundStartSchema>;

export const roundExtendSchema = z.object({ closesOn: closingDay }).strict();

export const roundParamsSchema = z.object({ id: z.uuid('This round does not exist.') });
export const roundInvitationParamsSchema = z.object({ id: z.uuid('This round does not exist.'), invitationId: z.uuid('This invitation does not exist.') });
/** The personal link's token (32 random bytes, base64url). */
export const answerLinkSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid. Use the link from your invitation email.'),
});

const answerValue = z
  .number({ error: 'Each answer must be a number from 1 to 4' })
  .int('Each answer must be a whole number from 1 to 4')
  .min(1, 'Each answer must be a number from 1 to 4')
  .max(4, 'Each answer must be a number from 1 to 4');
/** Progress kept as the person goes: any of the 20 answers so far, and the role once chosen. */
export const answerDraftSchema = z
  .object({
    // A wrong key is reported by the record (as "invalid key"), a wrong answer by its value's own words.
    answers: z.record(z.string().regex(/^([1-9]|1\d|20)$/), answerValue, {
      error: (issue) => (issue.code === 'invalid_key' ? 'Answers must be to the 20 statements' : 'Answers must be an object from statement to answer'),
    }),
    role: z.enum(respondentRoles, { error: 'Choose staff, board, volunteer or other' }).nullable(),
  })
  .strict();
export type AnswerDraft = z.infer<typeof answerDraftSchema>;

/** The answer as given: all 20 statements and the role. */
export const answerSubmitSchema = z
  .object({
    answers: answersSchema,
    role: z.enum(respondentRoles, { error: 'Choose staff, board, volunteer or other' }),
  })
  .strict();
export type AnswerSubmit = z.infer<typeof answerSubmitSchema>;

export type RoundStatus = 'open' | 'closed';

/** One person asked, as the organiser sees them: whether they answered, never what. */
export interface RoundInviteeView {
  id: string;
  /** The team member's name, or the address of someone from outside. */
  name: string;
  email: string;
  fromTeam: boolean;
  answered: boolean;
  withdrawn: boolean;
  /** Why no mail goes to them (the address left this kind of mail, or mail to it was refused), if so. */
  notMailed: string | null;
}

export interface RoundSummary {
  id: string;
  name: string;
  status: RoundStatus;
  startedAt: string;
  closesAt: string;
  closedAt: string | null;
  organiserName: string;
  invited: number;
  answered: number;
  /** Whether the person asking may see the result (they organised it or answered it) and it has figures. */
  resultVisible: boolean;
}

/** GET rounds: the team's rounds over time (newest first), and who of the team can be asked. */
export interface TeamRoundsView {
  rounds: RoundSummary[];
  /** Whether the person asking may start one now (no open round). */
  canStart: boolean;
  /** The team's people who can be asked: its seat holders and its buyer. */
  people: Array<{ userId: string; name: string; email: string }>;
}

/** GET one round, for the organiser (and the team's buyer): status and who has answered. */
export interface RoundView extends RoundSummary {
  /** The organiser may remind, extend, close and withdraw. */
  canManage: boolean;
  /** The closing date may be moved once. */
  extended: boolean;
  /** When "remind now" may next be used (null: now). */
  remindAgainAt: string | null;
  invitees: RoundInviteeView[];
}

export interface PillarFigure {
  pillar: Pillar;
  /** The mean health percent (0-100, rounded) of the people counted. */
  mean: number;
  /** Their standard deviation in percentage points (rounded). */
  spread: number;
  agreement: Agreement;
}

export interface StatementFigure {
  questionId: number;
  pillar: Pillar;
  /** The mean answer on the 1-4 scale, one decimal. */
  mean: number;
  /** The standard deviation of the answers (1-4 scale), two decimals. */
  spread: number;
  agreement: Agreement;
}

/** The figures of one role group; shown only where no one's answers can be worked out by difference. */
export interface RoleFigure {
  role: RespondentRole;
  respondents: number;
  pillars: Record<Pillar, number>;
}

/** The organisation's picture: figures over at least ROUND_MINIMUM people's answers. */
export interface RoundFigures {
  /** How many people's answers these figures are of. */
  respondents: number;
  asOf: string;
  overall: { mean: number; grade: Grade };
  pillars: PillarFigure[];
  /** Every statement in the Check-Up's order. */
  statements: StatementFigure[];
  /** Statements furthest apart first, only those where the answers differ: "talk about these first". */
  talkFirst: number[];
  roles: RoleFigure[];
  /** Some role groups are left out because showing them would single someone out. */
  rolesWithheld: boolean;
}

/** GET a round's result (organiser or respondent, by session or by the personal link). */
export interface RoundResultView {
  id: string;
  name: string;
  status: RoundStatus;
  closesAt: string;
  closedAt: string | null;
  /** Answers given so far. */
  answered: number;
  /** More answers needed before any figure is shown (0 once shown). */
  needed: number;
  figures: RoundFigures | null;
  /** Answers given since the figures were drawn; they count once ROUND_MINIMUM of them have come (decision 078). */
  waiting: number;
  peers: PeerFigures | null;
  /** The team's previous round with figures, for comparison. */
  previous: { id: string; name: string; closedAt: string | null; respondents: number; pillars: Record<Pillar, number> } | null;
}

/** GET the personal link: what it is for, and the person's progress or answer. */
export interface AnswerLinkView {
  status: 'open' | 'closed' | 'withdrawn';
  roundId: string;
  roundName: string;
  askedBy: string;
  closesAt: string;
  /** How many people are asked (the answer page says so). */
  asked: number;
  email: string;
  draft: AnswerDraft;
  /** Their answer as given, and their own result; null before they answer. */
  answer: { answeredAt: string; role: RespondentRole; score: number; categoryScores: CategoryScores; grade: Grade } | null;
  /** Whether the team's result has figures to show. */
  resultReady: boolean;
  /** An account has this address (offer to sign in; otherwise offer to make one, never require it). */
  hasAccount: boolean;
}

/** One round in the admin's list: its team, dates and counts, never anyone's answers. */
export interface AdminRoundRow {
  id: string;
  name: string;
  /** The team's buyer. */
  ownerName: string | null;
  ownerEmail: string;
  status: RoundStatus;
  startedAt: string;
  closesAt: string;
  closedAt: string | null;
  invited: number;
  answered: number;
}

export const adminRoundSortKeys = ['startedAt', 'closesAt'] as const;
/** The admin's list of rounds, as the other admin lists take it: `search` (the buyer's name or address, the round's name), `page`, `pageSize`, `sort`. */
export const adminRoundsQuerySchema = pageQuerySchema(adminRoundSortKeys, '-startedAt');

export const roundMessages = {
  notOnTeam: 'Only the people of a team plan can run a team Check-Up.',
  openRound: 'Your team already has an open round: close it before starting another.',
  tooFew: `Ask at least ${ROUND_MINIMUM} people: the team's result is shown once ${ROUND_MINIMUM} have answered.`,
  notMember: 'Choose people from your team: one of them is no longer on it.',
  closeInPast: 'The closing date must be after today.',
  closeTooLate: `A round closes at most ${ROUND_MAX_DAYS} days after it starts.`,
  notOrganiser: 'Only the person who started this round can change it.',
  closed: 'This round is closed.',
  extendedAlready: 'This round has been extended once already.',
  extendEarlier: 'The new closing date must be after the current one.',
  remindedToday: 'Everyone who has not answered was reminded in the last day: you can remind them again tomorrow.',
  answeredCannotWithdraw: 'This person has answered: only they can remove their answer, from their link.',
  noSuchRound: 'This round does not exist.',
  linkWithdrawn: 'This invitation was withdrawn by the person who started the round.',
  linkClosed: 'This round has closed: answers can no longer be given or changed.',
  resultHidden: 'Only the people who answered and the person who started the round see its result.',
} as const;
