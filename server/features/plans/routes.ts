import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import type { PublicUser } from '#shared/auth/user';
import { type Pillar } from '#shared/checkup/questions';
import { type LibraryAction, libraryActionOf } from '#shared/plans/library';
import {
  PLAN_MAX_ACTIONS,
  PLAN_REASSESS_DAYS,
  planActionInputSchema,
  planActionParamsSchema,
  planActionUpdateSchema,
  planCreateSchema,
  planParamsSchema,
  planProposalQuerySchema,
  planUpdateSchema,
  type PlanActionInput,
  type PlanOutcome,
  type PlanProposal,
  type PlansView,
  type PlanView,
} from '#shared/plans/schemas';
import { siteIsoDate, siteLongDate } from '#shared/site-time';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError, parseInput } from '../../http/errors';
import { requireUser, signedInUser } from '../../http/guards';
import { findCheckupResult } from '../checkup/repo';
import type { ContentStore } from '../content/store';
import { roundById, teamOfPerson, teamPeople } from '../team-checkup/repo';
import { ownerNameOf, withTeamLock, type TeamRow } from '../teams/repo';
import { planCalendar } from './calendar';
import { planMessages } from './messages';
import { planMailStopRoute, soonAfterDueDates } from './reminders';
import {
  actionCount,
  actionsOf,
  activePersonalPlan,
  activeTeamPlan,
  changesOf,
  type ChangeInput,
  closePlan,
  firstResultAfter,
  firstRoundAfter,
  insertActions,
  insertPlan,
  lockAction,
  lockPlan,
  namesOf,
  type NewAction,
  planBefore,
  planById,
  plansOf,
  type PlanRow,
  recordChanges,
  setReassessOn,
  updateAction,
} from './repo';
import {
  actionView,
  baselineOfFigures,
  baselineOfScores,
  changeView,
  pillarOutcomes,
  planSummary,
  proposedPriorities,
  questionPillar,
  sourceOf,
  sourcePathOf,
  suggestionsFor,
} from './views';

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
const addDays = (day: string, days: number): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

const outcomeQuerySchema = z
  .object({ resultId: z.uuid('This Check-Up result does not exist.').optional(), roundId: z.uuid('This round does not exist.').optional() })
  .strict()
  .refine((query) => (query.resultId === undefined) !== (query.roundId === undefined), 'Say which result: resultId or roundId');

/** A team as its people know it: by its buyer. */
const teamNameOf = (buyerName: string) => `${buyerName}’s team`;

/** Who is asking: the signed-in person, and the team whose plans are theirs too (as its buyer or a seat holder). */
interface Person {
  user: PublicUser;
  team: TeamRow | null;
}

/**
 * Plans (decision 080): a person's own plan is theirs alone (anyone else is told it does not
 * exist), a team plan is its team's people's; every change says who made it.
 */
export async function planRoutes(app: FastifyInstance, { ctx, content }: { ctx: AppContext; content: ContentStore }): Promise<void> {
  const signedIn = { preHandler: requireUser(ctx) };
  const noStore = { 'cache-control': 'no-store' };
  const timeZone = ctx.env.SITE_TIMEZONE;
  const today = () => siteIsoDate(new Date(), timeZone);
  const library = (): LibraryAction[] => content.section('actions').flatMap((page) => libraryActionOf(page) ?? []);
  const libraryMap = () => new Map(library().map((action) => [action.slug, action]));

  const personOf = async (request: FastifyRequest): Promise<Person> => {
    const user = await signedInUser(request, ctx);
    return { user, team: (await teamOfPerson(ctx.db, user.id))?.team ?? null };
  };
  const mayRead = (person: Person, plan: PlanRow) => (plan.kind === 'personal' ? plan.userId === person.user.id : plan.teamId === person.team?.id);
  const ownersOf = async (person: Person, kind: 'personal' | 'team') =>
    kind === 'team' && person.team
      ? (await teamPeople(ctx.db, person.team)).map(({ userId, name }) => ({ userId, name }))
      : [{ userId: person.user.id, name: person.user.name?.trim() || person.user.email }];

  /** The plan of the path, when it is the person's to see; any other does not exist for them. */
  const planOfRequest = async (request: FastifyRequest) => {
    const { id } = parseInput(planParamsSchema, request.params);
    const person = await personOf(request);
    const plan = await planById(ctx.db, id);
    if (!plan || !mayRead(person, plan)) throw new HttpError(404, planMessages.noSuchPlan);
    return { person, plan };
  };

  const outcomeOf = async (plan: PlanRow, actions: Array<{ pillar: Pillar; status: PlanView['actions'][number]['status'] }>): Promise<PlanOutcome | null> => {
    if (plan.kind === 'personal') {
      const result = plan.userId ? await firstResultAfter(ctx.db, plan.userId, plan.startedAt) : undefined;
      if (!result) return null;
      return {
        planId: plan.id,
        resultLabel: `Your Check-Up of ${siteLongDate(result.createdAt, timeZone)}`,
        resultPath: `/checkup/results/${result.id}`,
        at: result.createdAt.toISOString(),
        pillars: pillarOutcomes(plan, actions, baselineOfScores(result.categoryScores)),
      };
    }
    const round = plan.teamId ? await firstRoundAfter(ctx.db, plan.teamId, plan.startedAt) : undefined;
    if (!round?.shownFigures?.figures) return null;
    return {
      planId: plan.id,
      resultLabel: round.name,
      resultPath: `/team-checkup/rounds/${round.id}/result`,
      at: round.startedAt.toISOString(),
      pillars: pillarOutcomes(plan, actions, baselineOfFigures(round.shownFigures.figures)),
    };
  };

  const viewOf = async (person: Person, plan: PlanRow): Promise<PlanView> => {
    const day = today();
    const lib = libraryMap();
    const actions = (await actionsOf(ctx.db, [plan.id])).map((action) => actionView(action, lib, day));
    const changes = await changesOf(ctx.db, plan.id, 50);
    const names = await namesOf(ctx.db, [...new Set(changes.flatMap((change) => (change.details.ownerId ? [change.details.ownerId] : [])))]);
    return {
      id: plan.id,
      kind: plan.kind,
      status: plan.status,
      teamName: plan.kind === 'team' && person.team ? teamNameOf(await ownerNameOf(ctx.db, person.team.ownerId)) : null,
      source: sourceOf(plan),
      sourceLabel: plan.sourceLabel,
      sourcePath: sourcePathOf(plan),
      startedAt: plan.startedAt.toISOString(),
      reassessOn: plan.reassessOn,
      closedAt: plan.closedAt?.toISOString() ?? null,
      createdBy: (plan.createdBy && (await namesOf(ctx.db, [plan.createdBy])).get(plan.createdBy)) || 'A former member',
      canEdit: plan.status === 'active' && mayRead(person, plan),
      baseline: plan.baseline,
      priorities: plan.priorities,
      actions,
      owners: await ownersOf(person, plan.kind),
      changes: changes.map((change) => changeView(change, names)),
      outcome: await outcomeOf(plan, actions),
      calendarPath: apiPaths.planCalendar.replace(':id', plan.id),
    };
  };

  /** The source of a plan as the person may use it: their own result, or a round of their team with figures. */
  const sourceFor = async (person: Person, query: { resultId?: string; roundId?: string }) => {
    if (query.resultId) {
      const result = await findCheckupResult(ctx.db, query.resultId);
      const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
      const theirs = result && (result.userId === person.user.id || (person.user.emailVerified && !result.userId && same(result.email, person.user.email)));
      if (!result || !theirs) throw new HttpError(404, planMessages.noSuchResult);
      const baseline = baselineOfScores(result.categoryScores);
      return {
        kind: 'personal' as const,
        source: { kind: 'checkup' as const, resultId: result.id },
        sourceLabel: `Your Check-Up of ${siteLongDate(result.createdAt, timeZone)}`,
        baseline,
        priorities: proposedPriorities(baseline),
      };
    }
    const round = person.team ? await roundById(ctx.db, query.roundId!) : undefined;
    if (!round || !person.team || round.teamId !== person.team.id) throw new HttpError(404, planMessages.noSuchRound);
    const figures = round.shownFigures?.figures;
    if (!figures) throw new HttpError(409, planMessages.roundWithoutFigures);
    const baseline = baselineOfFigures(figures);
    return {
      kind: 'team' as const,
      source: { kind: 'round' as const, roundId: round.id },
      sourceLabel: round.name,
      baseline,
      priorities: proposedPriorities(baseline, figures),
    };
  };

  /** Checks actions as added: owners among those allowed, library actions published (their pillar and statement taken from the library). */
  const checkedActions = (inputs: PlanActionInput[], owners: Set<string>, kind: 'personal' | 'team', firstPosition: number): NewAction[] => {
    const lib = libraryMap();
    return inputs.map((raw, index) => {
      const input = parseInput(planActionInputSchema, raw);
      if (input.ownerId !== null && !owners.has(input.ownerId)) {
        const message = kind === 'personal' ? planMessages.personalOwner : planMessages.notTeamOwner;
        throw new HttpError(400, message, { ownerId: message });
      }
      let { pillar, questionId, title } = input;
      if (input.librarySlug !== null) {
        const found = lib.get(input.librarySlug);
        if (!found) throw new HttpError(400, planMessages.notInLibrary, { librarySlug: planMessages.notInLibrary });
        ({ pillar, questionId } = found);
        title = input.title || found.title;
      } else if (questionId !== null && questionPillar(questionId) !== pillar) {
        throw new HttpError(400, planMessages.statementPillar, { questionId: planMessages.statementPillar });
      }
      return {
        librarySlug: input.librarySlug,
        title,
        pillar,
        questionId,
        ownerId: input.ownerId,
        dueOn: input.dueOn,
        status: input.status,
        note: input.note,
        position: firstPosition + index,
      };
    });
  };

  /** Runs `work` for the person's plans or their team's one at a time (the one-active rule's check and insert). */
  const withPlanLock = <T>(person: Person, kind: 'personal' | 'team', work: () => Promise<T>) =>
    kind === 'team' && person.team ? withTeamLock(ctx.database, person.team.id, work) : ctx.database.holdLock(`plans:${person.user.id}`, work);

  /** A change of an active plan the person may change, under its row lock. */
  const changePlan = async <T>(
    request: FastifyRequest,
    change: (tx: Transaction, plan: PlanRow, person: Person, now: Date, owners: Set<string>) => Promise<T>,
  ) => {
    const { person, plan } = await planOfRequest(request);
    // Read before the transaction: inside it only its own handle is used.
    const owners = new Set((await ownersOf(person, plan.kind)).map((owner) => owner.userId));
    const result = await ctx.db.transaction(async (tx) => {
      const locked = await lockPlan(tx, plan.id);
      if (!locked) throw new HttpError(404, planMessages.noSuchPlan);
      if (locked.status !== 'active') throw new HttpError(409, planMessages.closed);
      return change(tx, locked, person, new Date(), owners);
    });
    return { person, plan, result };
  };
  const freshView = async (person: Person, id: string) => viewOf(person, (await planById(ctx.db, id))!);

  app.get(apiPaths.planLibrary, signedIn, async (_request, reply) => {
    reply.headers(noStore);
    return library();
  });

  app.get(apiPaths.planProposal, signedIn, async (request, reply): Promise<PlanProposal> => {
    reply.headers(noStore);
    const query = parseInput(planProposalQuerySchema, request.query);
    const person = await personOf(request);
    const found = await sourceFor(person, query);
    const lib = library();
    const active = found.kind === 'personal' ? await activePersonalPlan(ctx.db, person.user.id) : await activeTeamPlan(ctx.db, person.team!.id);
    return {
      kind: found.kind,
      source: found.source,
      sourceLabel: found.sourceLabel,
      baseline: found.baseline,
      priorities: found.priorities.map((priority) => ({ priority, suggestions: suggestionsFor(priority, lib) })),
      owners: await ownersOf(person, found.kind),
      activePlan: active ? { id: active.id, startedAt: active.startedAt.toISOString() } : null,
      defaultReassessOn: addDays(today(), PLAN_REASSESS_DAYS),
    };
  });

  app.post(apiPaths.plans, signedIn, async (request, reply) => {
    const input = parseInput(planCreateSchema, request.body);
    const person = await personOf(request);
    const found = await sourceFor(person, input.source.kind === 'checkup' ? { resultId: input.source.resultId } : { roundId: input.source.roundId });
    const day = today();
    const reassessOn = input.reassessOn ?? addDays(day, PLAN_REASSESS_DAYS);
    if (reassessOn <= day) throw new HttpError(400, planMessages.reassessPast, { reassessOn: planMessages.reassessPast });
    const owners = new Set((await ownersOf(person, found.kind)).map((owner) => owner.userId));
    const actions = checkedActions(input.actions, owners, found.kind, 0);
    const planId = await withPlanLock(person, found.kind, () =>
      ctx.db.transaction(async (tx) => {
        const now = new Date();
        const active = found.kind === 'personal' ? await activePersonalPlan(tx, person.user.id) : await activeTeamPlan(tx, person.team!.id);
        if (active && !input.replaceActive) throw new HttpError(409, found.kind === 'personal' ? planMessages.activePersonal : planMessages.activeTeam);
        if (active) {
          await closePlan(tx, active.id, now);
          await recordChanges(tx, active.id, person.user.id, [{ kind: 'closed', details: {} }], now);
        }
        let plan: PlanRow;
        try {
          plan = await insertPlan(tx, {
            kind: found.kind,
            userId: found.kind === 'personal' ? person.user.id : null,
            teamId: found.kind === 'team' ? person.team!.id : null,
            sourceResultId: found.source.kind === 'checkup' ? found.source.resultId : null,
            sourceRoundId: found.source.kind === 'round' ? found.source.roundId : null,
            sourceLabel: found.sourceLabel,
            baseline: found.baseline,
            priorities: found.priorities,
            startedAt: now,
            reassessOn,
            createdBy: person.user.id,
          });
        } catch (error) {
          // Another server's create won between the look and the insert: the one-active index held.
          if (isUniqueViolation(error)) throw new HttpError(409, found.kind === 'personal' ? planMessages.activePersonal : planMessages.activeTeam);
          throw error;
        }
        await insertActions(tx, plan.id, actions, person.user.id, now);
        await recordChanges(tx, plan.id, person.user.id, [{ kind: 'created', details: {} }], now);
        return plan.id;
      }),
    );
    if (actions.some((action) => action.dueOn)) soonAfterDueDates(ctx);
    return reply.status(201).send(await freshView(person, planId));
  });

  app.get(apiPaths.plans, signedIn, async (request, reply): Promise<PlansView> => {
    reply.headers(noStore);
    const person = await personOf(request);
    const rows = await plansOf(ctx.db, person.user.id, person.team?.id ?? null);
    const day = today();
    const lib = libraryMap();
    const actions = await actionsOf(
      ctx.db,
      rows.map((row) => row.id),
    );
    const teamName = person.team ? teamNameOf(await ownerNameOf(ctx.db, person.team.ownerId)) : null;
    const summaries = rows.map((row) =>
      planSummary(
        row,
        row.kind === 'team' ? teamName : null,
        actions.filter((action) => action.planId === row.id).map((action) => actionView(action, lib, day)),
      ),
    );
    return {
      personal: summaries.find((s) => s.kind === 'personal' && s.status === 'active') ?? null,
      team: summaries.find((s) => s.kind === 'team' && s.status === 'active') ?? null,
      earlier: summaries.filter((s) => s.status === 'closed'),
      inTeam: person.team !== null,
    };
  });

  app.get(apiPaths.plan, signedIn, async (request, reply) => {
    reply.headers(noStore);
    const { person, plan } = await planOfRequest(request);
    return viewOf(person, plan);
  });

  app.patch(apiPaths.plan, signedIn, async (request) => {
    const { id } = parseInput(planParamsSchema, request.params);
    const input = parseInput(planUpdateSchema, request.body);
    if (input.reassessOn <= today()) throw new HttpError(400, planMessages.reassessPast, { reassessOn: planMessages.reassessPast });
    const { person } = await changePlan(request, async (tx, plan, who, now) => {
      if (plan.reassessOn === input.reassessOn) return;
      await setReassessOn(tx, plan.id, input.reassessOn);
      await recordChanges(tx, plan.id, who.user.id, [{ kind: 'reassess', details: { reassessOn: input.reassessOn } }], now);
    });
    return freshView(person, id);
  });

  app.post(apiPaths.planClose, signedIn, async (request) => {
    const { person, plan } = await changePlan(request, async (tx, locked, who, now) => {
      await closePlan(tx, locked.id, now);
      await recordChanges(tx, locked.id, who.user.id, [{ kind: 'closed', details: {} }], now);
    });
    return freshView(person, plan.id);
  });

  app.post(apiPaths.planActions, signedIn, async (request, reply) => {
    parseInput(planParamsSchema, request.params);
    const body = parseInput(planActionInputSchema, request.body);
    const { person, plan, result } = await changePlan(request, async (tx, locked, who, now, owners) => {
      const count = await actionCount(tx, locked.id);
      if (count >= PLAN_MAX_ACTIONS) throw new HttpError(409, planMessages.tooManyActions);
      const [action] = checkedActions([body], owners, locked.kind, count);
      const [row] = await insertActions(tx, locked.id, [action!], who.user.id, now);
      await recordChanges(tx, locked.id, who.user.id, [{ kind: 'added', details: { title: row!.title } }], now);
      return row!;
    });
    if (result.dueOn) soonAfterDueDates(ctx);
    return reply.status(201).send(await freshView(person, plan.id));
  });

  app.patch(apiPaths.planAction, signedIn, async (request) => {
    const { actionId } = parseInput(planActionParamsSchema, request.params);
    const input = parseInput(planActionUpdateSchema, request.body);
    const { person, plan, result } = await changePlan(request, async (tx, locked, who, now, owners) => {
      const action = await lockAction(tx, locked.id, actionId);
      if (!action) throw new HttpError(404, planMessages.noSuchAction);
      if (action.version !== input.version) throw new HttpError(409, planMessages.stale);
      if (input.ownerId !== undefined && input.ownerId !== null && input.ownerId !== action.ownerId) {
        if (!owners.has(input.ownerId)) {
          const message = locked.kind === 'personal' ? planMessages.personalOwner : planMessages.notTeamOwner;
          throw new HttpError(400, message, { ownerId: message });
        }
      }
      const changes: ChangeInput[] = [];
      const values: Parameters<typeof updateAction>[2] = {};
      const title = action.title;
      if (input.title !== undefined && input.title !== action.title) {
        values.title = input.title;
        changes.push({ kind: 'title', details: { title, to: input.title } });
      }
      if (input.status !== undefined && input.status !== action.status) {
        values.status = input.status;
        changes.push({ kind: 'status', details: { title: values.title ?? title, status: input.status } });
      }
      if (input.ownerId !== undefined && input.ownerId !== action.ownerId) {
        values.ownerId = input.ownerId;
        changes.push({ kind: 'owner', details: { title: values.title ?? title, ownerId: input.ownerId } });
      }
      if (input.dueOn !== undefined && input.dueOn !== action.dueOn) {
        values.dueOn = input.dueOn;
        changes.push({ kind: 'due', details: { title: values.title ?? title, dueOn: input.dueOn } });
      }
      if (input.note !== undefined && input.note !== action.note) {
        values.note = input.note;
        changes.push({ kind: 'note', details: { title: values.title ?? title } });
      }
      if (changes.length === 0) return { dueChanged: false };
      // A new date, or a new owner, is reminded as if new: the reminders sent were for the old ones.
      const remindAfresh = values.dueOn !== undefined || values.ownerId !== undefined;
      await updateAction(tx, action.id, values, remindAfresh, who.user.id, now);
      await recordChanges(tx, locked.id, who.user.id, changes, now);
      return { dueChanged: remindAfresh && Boolean(values.dueOn ?? action.dueOn) };
    });
    if (result.dueChanged) soonAfterDueDates(ctx);
    return freshView(person, plan.id);
  });

  // JSON null when there is no outcome: written out, as Fastify sends an empty body for a null.
  app.get(apiPaths.planOutcome, signedIn, async (request, reply) => {
    reply.headers(noStore).type('application/json; charset=utf-8');
    return JSON.stringify(await outcomeFor(request));
  });
  const outcomeFor = async (request: FastifyRequest): Promise<PlanOutcome | null> => {
    const query = parseInput(outcomeQuerySchema, request.query);
    const person = await personOf(request);
    if (query.resultId) {
      const result = await findCheckupResult(ctx.db, query.resultId);
      if (!result || result.userId !== person.user.id) throw new HttpError(404, planMessages.noSuchResult);
      const plan = await planBefore(ctx.db, { userId: person.user.id }, result.createdAt);
      if (!plan) return null;
      const actions = await actionsOf(ctx.db, [plan.id]);
      return {
        planId: plan.id,
        resultLabel: `Your Check-Up of ${siteLongDate(result.createdAt, timeZone)}`,
        resultPath: `/checkup/results/${result.id}`,
        at: result.createdAt.toISOString(),
        pillars: pillarOutcomes(plan, actions, baselineOfScores(result.categoryScores)),
      };
    }
    const round = person.team ? await roundById(ctx.db, query.roundId!) : undefined;
    if (!round || !person.team || round.teamId !== person.team.id) throw new HttpError(404, planMessages.noSuchRound);
    const figures = round.shownFigures?.figures;
    const plan = figures ? await planBefore(ctx.db, { teamId: person.team.id }, round.startedAt) : undefined;
    if (!plan || !figures) return null;
    const actions = await actionsOf(ctx.db, [plan.id]);
    return {
      planId: plan.id,
      resultLabel: round.name,
      resultPath: `/team-checkup/rounds/${round.id}/result`,
      at: round.startedAt.toISOString(),
      pillars: pillarOutcomes(plan, actions, baselineOfFigures(figures)),
    };
  };

  app.get(apiPaths.planCalendar, signedIn, async (request, reply) => {
    const { plan } = await planOfRequest(request);
    const actions = await actionsOf(ctx.db, [plan.id]);
    return reply
      .headers({ ...noStore, 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'attachment; filename="plan.ics"' })
      .send(planCalendar(ctx.env.PUBLIC_URL, plan, actions));
  });

  await planMailStopRoute(app, ctx);
}
