import { agreementLabels, type Agreement, ROUND_MINIMUM } from '#shared/team-checkup/schemas';

/** "2 more answers are needed before the team's result is shown" (1: "answer is"). */
export const neededText = (needed: number) =>
  needed === 1 ? "1 more answer is needed before the team's result is shown" : `${needed} more answers are needed before the team's result is shown`;

/** "Based on 4 answers". */
export const basedOnText = (respondents: number) => `Based on ${respondents} ${respondents === 1 ? 'answer' : 'answers'}`;

/** Answers given since the figures were drawn, said with why they wait (so that nobody's answers can be worked out by difference). */
export const waitingText = (waiting: number) =>
  waiting === 1
    ? `1 newer answer will be counted once at least ${ROUND_MINIMUM} have come, so that nobody's answers can be worked out.`
    : `${waiting} newer answers will be counted once at least ${ROUND_MINIMUM} have come, so that nobody's answers can be worked out.`;

/** A spread in words, and the figure it comes from ("You see this very differently (± 23 points)"). */
export const agreementText = (agreement: Agreement) => agreementLabels[agreement];

export const rolesWithheldText =
  'Some roles are not shown on their own: they have too few people, or showing them beside everyone would let someone work out their answers.';

/**
 * Three or more have answered, but no figures may be shown yet: together with what the round
 * showed before (an answer since deleted or changed), they would let someone work out one
 * person's answers (decision 078).
 */
export const heldBackText =
  "The team's result is held back for now: shown after the latest changes, it would let someone work out one person's answers. It is shown again once more answers come in.";
