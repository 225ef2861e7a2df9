import { PLAN_MAX_ACTIONS } from '#shared/plans/schemas';

/** What the plans' routes answer when they refuse, in the words the pages show. */
export const planMessages = {
  noSuchPlan: 'This plan does not exist.',
  noSuchAction: 'This action does not exist.',
  noSuchResult: 'This Check-Up result does not exist.',
  noSuchRound: 'This round does not exist.',
  roundWithoutFigures: 'This round has no result yet: a plan is made from its figures, once enough people have answered.',
  activePersonal: 'You already have an active plan. Replace it (it is closed and kept with your earlier plans), or go on with it.',
  activeTeam: 'Your team already has an active plan. Replace it (it is closed and kept with the earlier plans), or go on with it.',
  closed: 'This plan is closed: it is kept as it was.',
  stale: 'This action was changed by someone else. Reload to see the change.',
  personalOwner: 'A personal plan’s actions are yours: you are their owner.',
  notTeamOwner: 'Choose the owner from your team.',
  notInLibrary: 'This action is not in the library.',
  statementPillar: 'This statement is not one of the pillar’s.',
  reassessPast: 'Reassessment date must be after today.',
  tooManyActions: `A plan has at most ${PLAN_MAX_ACTIONS} actions.`,
} as const;
