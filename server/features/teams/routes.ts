import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import type { PublicUser } from '#shared/auth/user';
import { periodPrice, plans } from '#shared/pricing';
import {
  type TeamAnswer,
  teamCheckoutSchema,
  teamIdParamsSchema,
  teamInviteSchema,
  teamJoinSchema,
  type TeamJoinView,
  teamMemberParamsSchema,
  teamMessages,
  teamOwnSeatSchema,
  teamSeatsSchema,
  teamTokenSchema,
} from '#shared/teams/schemas';
import { recordAudit } from '../../audit-log';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { HttpError, parseInput } from '../../http/errors';
import { countMailTo } from '../../mail/recipient-caps';
import { getSessionUser, requireUser, signedInUser } from '../../http/guards';
import { billingProvider, clockNow } from '../../payment-providers/choose-provider';
import { TeamPlansUnavailableError } from '../../payment-providers/stripe-provider';
import { syncSubscription } from '../membership/apply-event';
import { COMPLIMENTARY, liveMembership, liveTeamPlan, lockMember, syncPremium } from '../membership/membership';
import { findCustomer, saveCustomer } from '../membership/repo';
import { sendProviderError } from '../membership/provider-errors';
import { endOwnForSeat, refundEstimate } from '../membership/seat-move';
import { userContact } from '../../users-repo';
import { teamInvitationMail, teamJoinedMail, teamRemovedMail } from './mails';
import {
  endSeat,
  INVITATION_DAYS,
  hashToken,
  insertInvitation,
  insertSeat,
  invitationByToken,
  invitedEmail,
  isLivePlan,
  markInvitationUsed,
  newToken,
  ownedTeam,
  ownerNameOf,
  seatedEmail,
  seatOf,
  seatsInUse,
  type TeamRow,
  teamById,
  teamView,
  withdrawInvitation,
  withTeamLock,
} from './repo';

/**
 * Team plans (decision 055): the buyer's checkout, invitations, seats and
 * members, and joining with an invitation's link. Premium itself is decided by membership.ts:
 * a seat counts while the plan is live; every change here writes it under the member's lock.
 */
export async function teamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const signedIn = { preHandler: requireUser(ctx) };
  const provider = billingProvider(ctx);
  const deps = (request: FastifyRequest) => ({ ctx, provider, log: request.log });
  // Invitations' 7 days run on the one clock of memberships (the billing clock under the local provider).
  const now = () => clockNow(ctx);
  /** Pays for their own membership (not a grant): taking a seat ends it, once they say so. */
  const paysForSelf = async (userId: string) => {
    const own = await liveMembership(ctx.db, userId);
    return Boolean(own && own.provider !== COMPLIMENTARY);
  };

  const answer = async (user: PublicUser): Promise<TeamAnswer> => {
    const owned = await ownedTeam(ctx.db, user.id);
    const seat = await seatOf(ctx.db, user.id);
    const seatTeam = seat && (!owned || seat.teamId !== owned.id) ? await teamById(ctx.db, seat.teamId) : undefined;
    return {
      team: owned ? await teamView(ctx.db, owned, await now(), await paysForSelf(user.id)) : null,
      seatIn: seatTeam && isLivePlan(seatTeam) ? { ownerName: await ownerNameOf(ctx.db, seatTeam.ownerId), since: seat!.joinedAt.toISOString() } : null,
    };
  };
  const mine = async (request: FastifyRequest): Promise<{ user: PublicUser; team: TeamRow }> => {
    const user = await signedInUser(request, ctx);
    const team = await ownedTeam(ctx.db, user.id);
    if (!team) throw new HttpError(404, teamMessages.noTeam);
    return { user, team };
  };
  const viewFor = async (user: PublicUser) => ({ team: (await answer(user)).team });
  /** Under the team's lock (decision 063): nothing else changes its seats, members or invitations meanwhile. */
  const locked = <T>(team: { id: string }, work: () => Promise<T>) => withTeamLock(ctx.database, team.id, work);
  /** The team as it is now, read under its lock: the seats a check counts against. */
  const liveTeam = async (tx: Executor, teamId: string) => {
    const fresh = await teamById(tx, teamId);
    if (!fresh || !isLivePlan(fresh)) throw new HttpError(409, teamMessages.notLive);
    return fresh;
  };

  app.get(apiPaths.team, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return answer(await signedInUser(request, ctx));
  });

  app.post(apiPaths.teamCheckout, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const input = parseInput(teamCheckoutSchema, request.body);
    if (await liveTeamPlan(ctx.db, user.id)) throw new HttpError(409, teamMessages.hasTeam);
    try {
      const customerId =
        (await findCustomer(ctx.db, user.id, provider.name)) ??
        (await saveCustomer(ctx.db, user.id, provider.name, await provider.createCustomer({ id: user.id, email: user.email, name: user.name })));
      const back = provider.name === 'local' ? '' : ctx.env.PUBLIC_URL;
      return await provider.createCheckoutSession({
        user,
        customerId,
        plan: input.planType,
        seats: input.seats,
        successUrl: `${back}/account`,
        cancelUrl: `${back}/teams`,
      });
    } catch (error) {
      if (error instanceof TeamPlansUnavailableError) throw new HttpError(409, error.message);
      return sendProviderError(error, reply, request, 'Could not start the checkout');
    }
  });

  app.post(apiPaths.teamInvitations, signedIn, async (request) => {
    const { email } = parseInput(teamInviteSchema, request.body);
    const { user, team } = await mine(request);
    const at = await now();
    const token = newToken();
    const expiresAt = new Date(at.getTime() + INVITATION_DAYS * 86_400_000);
    const ownerName = user.name?.trim() || user.email;
    const mailId = await locked(team, () =>
      ctx.db.transaction(async (tx) => {
        const seats = (await liveTeam(tx, team.id)).subscription.seats ?? 0;
        if (await seatedEmail(tx, team.id, email)) throw new HttpError(409, teamMessages.alreadyMember);
        if (await invitedEmail(tx, team.id, email, at)) throw new HttpError(409, teamMessages.alreadyInvited);
        const used = await seatsInUse(tx, team.id, at);
        if (used.members + used.invitations >= seats) throw new HttpError(409, teamMessages.full(seats));
        const invitation = await insertInvitation(tx, { teamId: team.id, email, tokenHash: hashToken(token), sentAt: at, expiresAt });
        await recordAudit(tx, user, { action: 'team.invite', targetType: 'team', targetId: team.id, details: { email, invitation } });
        // Withdrawing and inviting again must not become a way to mail one inbox without end.
        await countMailTo(tx, 'teamInvitation', { to: email, sender: `user:${user.id}` });
        return ctx.mailer.store(
          tx,
          teamInvitationMail({ to: email, ownerName, link: `${ctx.env.PUBLIC_URL}/team/join/${token}`, expiresAt, timeZone: ctx.env.SITE_TIMEZONE }),
        );
      }),
    );
    ctx.mailer.deliverNow([mailId]);
    return viewFor(user);
  });

  app.delete(apiPaths.teamInvitation, signedIn, async (request) => {
    const { id } = parseInput(teamIdParamsSchema, request.params);
    const { user, team } = await mine(request);
    await locked(team, () =>
      ctx.db.transaction(async (tx) => {
        const withdrawn = await withdrawInvitation(tx, team.id, id);
        if (!withdrawn) throw new HttpError(404, 'This invitation is not open (used, withdrawn already, or not on your team).');
        await recordAudit(tx, user, { action: 'team.withdraw_invitation', targetType: 'team', targetId: team.id, details: { email: withdrawn } });
      }),
    );
    return viewFor(user);
  });

  /** Takes the seat off `memberId`, under the team's lock: premium ends now unless they have it another way. Returns whether they held it. */
  const removeSeat = async (tx: Transaction, team: TeamRow, actor: PublicUser, memberId: string) => {
    await lockMember(tx, memberId);
    if (!(await endSeat(tx, team.id, memberId))) return false;
    await syncPremium(tx, memberId);
    await recordAudit(tx, actor, { action: 'team.remove_member', targetType: 'team', targetId: team.id, details: { userId: memberId } });
    return true;
  };

  app.delete(apiPaths.teamMember, signedIn, async (request) => {
    const { userId } = parseInput(teamMemberParamsSchema, request.params);
    const { user, team } = await mine(request);
    const mailId = await locked(team, () =>
      ctx.db.transaction(async (tx) => {
        if (!(await removeSeat(tx, team, user, userId))) throw new HttpError(404, 'This person does not hold a seat on your team.');
        if (userId === user.id) return null;
        const member = await userContact(tx, userId);
        return member ? ctx.mailer.store(tx, teamRemovedMail(member, { ownerName: user.name?.trim() || user.email, publicUrl: ctx.env.PUBLIC_URL })) : null;
      }),
    );
    if (mailId) ctx.mailer.deliverNow([mailId]);
    return viewFor(user);
  });

  /**
   * A change of the team's seats to `seats`: never below the seats in use, only while the plan is
   * paid up. Returns the team as it is now (read again: under the lock for the change itself).
   */
  const seatChange = async (teamId: string, seats: number) => {
    const team = await liveTeam(ctx.db, teamId);
    if (seats === team.subscription.seats) throw new HttpError(400, `seats: ${teamMessages.sameSeats}`, { seats: teamMessages.sameSeats });
    if (team.subscription.status !== 'active') throw new HttpError(409, teamMessages.pastDue);
    const used = await seatsInUse(ctx.db, team.id, await now());
    if (seats < used.members + used.invitations) throw new HttpError(409, teamMessages.seatsInUse(used.members + used.invitations));
    return team;
  };

  app.post(apiPaths.teamSeatsPreview, signedIn, async (request, reply) => {
    const { seats } = parseInput(teamSeatsSchema, request.body);
    const team = await seatChange((await mine(request)).team.id, seats);
    try {
      const preview = await provider.previewSeatChange(team.subscription.providerSubscriptionId, seats);
      return {
        seats,
        amountDueCents: preview.amountDueCents,
        creditCents: preview.creditCents,
        renewalAmountCents: periodPrice(team.subscription.plan, seats),
        renewsAt: preview.renewsAt?.toISOString() ?? null,
      };
    } catch (error) {
      return sendProviderError(error, reply, request, 'Could not price the change of seats');
    }
  });

  // Checked, made at the provider and recorded under the team's lock: no seat is taken or offered
  // between the count and the change (decision 063).
  app.post(apiPaths.teamSeats, signedIn, async (request, reply) => {
    const { seats } = parseInput(teamSeatsSchema, request.body);
    const { user, team: owned } = await mine(request);
    return locked(owned, async () => {
      const team = await seatChange(owned.id, seats);
      const before = team.subscription.seats;
      try {
        const readAt = new Date();
        await syncSubscription(deps(request), await provider.changeSeats(team.subscription.providerSubscriptionId, seats), readAt);
      } catch (error) {
        return sendProviderError(error, reply, request, 'Could not change the seats');
      }
      await recordAudit(ctx.db, user, { action: 'team.seats', targetType: 'team', targetId: team.id, details: { from: before, to: seats } });
      return viewFor(user);
    });
  });

  /**
   * Takes a seat for `user` on `team` (the buyer's own, or an invitation's), called under the
   * team's lock: never beyond its seats, and one seat per person anywhere. `invitationId`: the seat it
   * held; `at`: now, on the clock invitations expire by.
   */
  const takeSeat = async (tx: Transaction, team: TeamRow, user: PublicUser, invitationId: string | null, at: Date) => {
    await lockMember(tx, user.id);
    const fresh = await liveTeam(tx, team.id);
    const held = await seatOf(tx, user.id);
    if (held) throw new HttpError(409, held.teamId === team.id ? 'You already hold a seat on this team.' : teamMessages.seatElsewhere);
    const used = await seatsInUse(tx, team.id, at);
    const seats = fresh.subscription.seats ?? 0;
    // An invitation's seat was held for it; the buyer's own needs a free one.
    const taken = used.members + (invitationId ? used.invitations - 1 : used.invitations);
    if (taken >= seats) throw new HttpError(409, invitationId ? teamMessages.fullForInvitee(seats) : teamMessages.full(seats));
    await insertSeat(tx, team.id, user.id);
    await syncPremium(tx, user.id);
  };

  const refusePaying = async (user: PublicUser, moveFromOwn: boolean) => {
    if (!moveFromOwn && (await paysForSelf(user.id))) throw new HttpError(409, teamMessages.paysForSelf, { moveFromOwn: teamMessages.paysForSelf });
    return moveFromOwn && (await paysForSelf(user.id));
  };
  /** After the seat is theirs: their own subscription ends (the membership check retries if the provider is down). */
  const moveFromOwn = async (request: FastifyRequest, reply: FastifyReply, user: PublicUser) => {
    try {
      await endOwnForSeat(deps(request), user.id);
    } catch (error) {
      request.log.error({ err: error }, 'own subscription not ended yet after a move to a team seat; the membership check retries');
      return reply.status(502).send({
        message:
          'You have your team seat. Your own subscription could not be ended yet because the payment provider could not be reached: we retry within minutes and refund its unused part, so you are not billed twice.',
      });
    }
    return undefined;
  };

  app.post(apiPaths.teamOwnSeat, signedIn, async (request, reply) => {
    const input = parseInput(teamOwnSeatSchema, request.body);
    const { user, team } = await mine(request);
    if (!input.take) {
      await locked(team, () =>
        ctx.db.transaction(async (tx) => {
          if (!(await removeSeat(tx, team, user, user.id))) throw new HttpError(404, 'You do not hold a seat on your team.');
        }),
      );
      return viewFor(user);
    }
    const moving = await refusePaying(user, input.moveFromOwn);
    const at = await now();
    await locked(team, () =>
      ctx.db.transaction(async (tx) => {
        await takeSeat(tx, team, user, null, at);
        await recordAudit(tx, user, { action: 'team.take_own_seat', targetType: 'team', targetId: team.id, details: { moved: moving } });
      }),
    );
    if (moving) {
      const failed = await moveFromOwn(request, reply, user);
      if (failed) return failed;
    }
    return viewFor(user);
  });

  const setCancel = (cancel: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, team } = await mine(request);
    if (team.subscription.cancelAtPeriodEnd !== cancel) {
      try {
        const readAt = new Date();
        await syncSubscription(deps(request), await provider.setCancelAtPeriodEnd(team.subscription.providerSubscriptionId, cancel), readAt);
      } catch (error) {
        return sendProviderError(error, reply, request, cancel ? 'Could not cancel the team plan' : 'Could not resume the team plan');
      }
      await recordAudit(ctx.db, user, { action: cancel ? 'team.cancel' : 'team.resume', targetType: 'team', targetId: team.id });
    }
    return viewFor(user);
  };
  app.post(apiPaths.teamCancel, signedIn, setCancel(true));
  app.post(apiPaths.teamResume, signedIn, setCancel(false));

  // An invitation's link: what it offers, for anyone who has it (the token is the secret).
  app.get(apiPaths.teamJoin, async (request, reply): Promise<TeamJoinView> => {
    reply.header('Cache-Control', 'no-store');
    const { token } = parseInput(teamTokenSchema, request.params);
    const invitation = await invitationByToken(ctx.db, token);
    if (!invitation) throw new HttpError(404, 'This invitation link is not valid. Check the link in the email, or ask for a new invitation.');
    const team = await teamById(ctx.db, invitation.teamId);
    const user = await getSessionUser(request, ctx);
    const at = await now();
    const status: TeamJoinView['status'] = invitation.usedAt
      ? 'used'
      : invitation.withdrawnAt
        ? 'withdrawn'
        : !team || !isLivePlan(team)
          ? 'ended'
          : invitation.expiresAt <= at
            ? 'expired'
            : 'open';
    const seat = user ? await seatOf(ctx.db, user.id) : undefined;
    const pays = user ? await paysForSelf(user.id) : false;
    return {
      status,
      ownerName: team ? await ownerNameOf(ctx.db, team.ownerId) : 'Your colleague',
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
      alreadyMember: Boolean(seat && seat.teamId === invitation.teamId),
      paysForSelf: pays,
      refundCents: user && pays ? await refundEstimate(deps(request), ctx.db, user.id) : 0,
    };
  });

  app.post(apiPaths.teamJoin, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const { token } = parseInput(teamTokenSchema, request.params);
    const input = parseInput(teamJoinSchema, request.body ?? {});
    const found = await invitationByToken(ctx.db, token);
    if (!found) throw new HttpError(404, 'This invitation link is not valid. Check the link in the email, or ask for a new invitation.');
    const team = await teamById(ctx.db, found.teamId);
    if (!team) throw new HttpError(409, teamMessages.notLive);
    const moving = await refusePaying(user, input.moveFromOwn);
    const ownerName = await ownerNameOf(ctx.db, team.ownerId);
    const at = await now();
    const mailId = await locked(team, () =>
      ctx.db.transaction(async (tx) => {
        // Read again under the team's lock: one use, whoever clicks first.
        const invitation = await invitationByToken(tx, token, true);
        if (!invitation || invitation.usedAt) throw new HttpError(409, teamMessages.invitationUsed);
        if (invitation.withdrawnAt) throw new HttpError(409, teamMessages.invitationWithdrawn);
        if (invitation.expiresAt <= at) throw new HttpError(410, teamMessages.invitationExpired);
        await takeSeat(tx, team, user, invitation.id, at);
        await markInvitationUsed(tx, invitation.id, user.id);
        await recordAudit(tx, user, { action: 'team.join', targetType: 'team', targetId: team.id, details: { invitation: invitation.id, moved: moving } });
        return ctx.mailer.store(
          tx,
          teamJoinedMail(
            { email: user.email, firstName: user.firstName ?? null },
            { ownerName, moved: moving, slackInviteUrl: ctx.env.SLACK_INVITE_URL, publicUrl: ctx.env.PUBLIC_URL },
          ),
        );
      }),
    );
    ctx.mailer.deliverNow([mailId]);
    if (moving) {
      const failed = await moveFromOwn(request, reply, user);
      if (failed) return failed;
    }
    return { ok: true, ownerName, plan: plans[team.subscription.plan].label };
  });
}
