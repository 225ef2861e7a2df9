import type { AppContext } from '../../context';
import { clockNow } from '../../payment-providers/choose-provider';
import { userContact } from '../../users-repo';
import { invitationsWithdrawnMail } from './mails';
import { isLivePlan, seatsInUse, teamById, teamsOverSeats, withdrawNewest, withTeamLock } from './repo';

/**
 * Open invitations a team can no longer honour are withdrawn, and its buyer told which (decision
 * 063). The app's own changes never leave a team so: they take turns under the team's lock, and a
 * seat change is refused below the seats held. A change of quantity made at the provider (Stripe's
 * dashboard) can, as can a team left so before that lock. Run by the job runner every 5 minutes;
 * each team is handled under its lock, so a run on several servers withdraws and tells once.
 * Members beyond the seats keep their seats: removing one is the buyer's choice, not ours.
 */
export async function withdrawInvitationsBeyondSeats(ctx: AppContext): Promise<number> {
  const now = await clockNow(ctx);
  let withdrawn = 0;
  for (const teamId of await teamsOverSeats(ctx.db, now)) {
    const mailId = await withTeamLock(ctx.database, teamId, () =>
      ctx.db.transaction(async (tx) => {
        const team = await teamById(tx, teamId);
        if (!team || !isLivePlan(team)) return null;
        const seats = team.membership.seats ?? 0;
        const held = await seatsInUse(tx, teamId, now);
        const over = held.members + held.invitations - seats;
        const emails = over > 0 ? await withdrawNewest(tx, teamId, over, now) : [];
        if (emails.length === 0) return null;
        withdrawn += emails.length;
        const owner = await userContact(tx, team.ownerId);
        return owner ? ctx.mailQueue.store(tx, invitationsWithdrawnMail(owner, { seats, members: held.members, emails, publicUrl: ctx.env.PUBLIC_URL })) : null;
      }),
    );
    if (mailId) ctx.mailQueue.deliverNow([mailId]);
  }
  return withdrawn;
}
