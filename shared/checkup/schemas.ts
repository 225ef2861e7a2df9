import { emailAddress as email } from '../email';
import { z } from '../zod';
import type { CategoryScores, Grade } from './grading';
import { budgetBandValues, focusAreaValues, type PeerFigures, staffBandValues } from './organisation';
import { questions } from './questions';

const answer = z
  .number({ error: (issue) => (issue.input === undefined ? 'Answer this question (1 to 4)' : 'Each answer must be a number from 1 to 4') })
  .int('Each answer must be a whole number from 1 to 4')
  .min(1, 'Each answer must be a number from 1 to 4')
  .max(4, 'Each answer must be a number from 1 to 4');

/** Exactly the 20 question ids as keys ("1".."20"), each answered 1-4: a missing or extra id is refused. */
export const answersSchema = z.strictObject(Object.fromEntries(questions.map((q) => [String(q.id), answer])) as Record<string, typeof answer>, {
  error: 'Answers must be an object from question id to answer',
});

/**
 * POST /api/checkup-results (docs/product.md §7). The client may send its own score and
 * categoryScores, as the spec's payload lists them; they are accepted and ignored: the server
 * always recomputes them from the answers.
 */

/**
 * The three optional questions about the organisation (organisation.ts): each answer is one of its
 * list or left out (null or absent); anything else is a 400 naming the field. Here, not beside the
 * lists: the Check-Up's first screen shows the lists and must not load Zod.
 */
const oneOf = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z
    .enum(values, { error: `Choose one of the listed ${name}, or leave it out` })
    .nullable()
    .optional();

const organisationFields = {
  budgetBand: oneOf(budgetBandValues, 'budget bands'),
  staffBand: oneOf(staffBandValues, 'staff sizes'),
  focusArea: oneOf(focusAreaValues, 'focus areas'),
};

export const checkupSubmissionSchema = z.strictObject({
  email,
  answers: answersSchema,
  score: z.number().optional(),
  totalScore: z.number().optional(),
  categoryScores: z.record(z.string(), z.number()).optional(),
  // The three optional questions about the organisation, asked with the email.
  ...organisationFields,
});
export type CheckupSubmission = z.infer<typeof checkupSubmissionSchema>;

/** POST /api/checkup-results/:id/breakdown. `fax` is the honeypot: people never see it, bots fill it, the route refuses it. */
export const breakdownRequestSchema = z.strictObject({
  email,
  fax: z.string().max(200).optional(),
});
export type BreakdownRequest = z.infer<typeof breakdownRequestSchema>;

/** A stored result as the API returns it: never the email (the link may be shared). */
export interface CheckupResultView {
  id: string;
  score: number;
  totalScore: number;
  categoryScores: CategoryScores;
  grade: Grade;
  createdAt: string;
  /** Where the result stands among peers (the stored figures of its budget band or of all organisations), or null when no group is big enough. */
  peers: PeerFigures | null;
}

/** Result ids are random UUIDs; anything else is answered 404 without touching the database. */
export const isResultId = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The token of a "stop Check-Up reminders" link (GET reads, POST stops). */
export const reminderStopSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(1000, 'The link is not valid'),
});

/** Confirming, from the link mailed to an address's owner, that a Check-Up taken signed out under it is theirs (decision 038). */
export const attemptConfirmSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(1000, 'The link is not valid'),
  id: z.string({ error: 'Choose the Check-Up to add' }).refine(isResultId, 'Choose the Check-Up to add'),
});

/** A Check-Up taken signed out under an account's address, waiting for the account's owner to say it is theirs. */
export interface AwaitingAttempt {
  id: string;
  createdAt: string;
  grade: Grade;
  label: string;
  percent: number;
}

/** What the confirmation link shows: the address, and its Check-Ups that wait (newest first). */
export interface AwaitingAttempts {
  email: string;
  attempts: AwaitingAttempt[];
}
