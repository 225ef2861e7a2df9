import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { SLACK_PROMISE_HOURS, type SlackInvitationRow, type SlackInvitations } from '#shared/premium/slack';
import { liveStatuses } from '../../payment-providers/provider';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { slackInvitations as invitations, subscriptions, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Mail } from '../../mail/mailer';
import { recordAudit } from './audit';

/** Premium members with the start of their live membership, and their invitation if any. */
function premiumMembers(db: Executor, where: SQL | undefined) {
  const membership = db
    .select({ since: subscriptions.createdAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, users.id), inArray(subscriptions.status, [...liveStatuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .as('m');
  const query = db
    .select({
      userId: users.id,
      email: users.email,
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      premiumSince: membership.since,
      invitedAt: invitations.invitedAt,
      invitedBy: invitations.invitedBy,
      method: invitations.method,
    })
    .from(users)
    .innerJoinLateral(membership, sql`true`)
    .leftJoin(invitations, eq(invitations.userId, users.id))
    .where(and(eq(users.isPremium, true), where))
    .$dynamic();
  return { query, membership };
}
type Member = Awaited<ReturnType<typeof premiumMembers>['query']>[number];

const toRow = (row: Member): SlackInvitationRow => ({
  ...row,
  premiumSince: row.premiumSince.toISOString(),
  invitedAt: row.invitedAt?.toISOString() ?? null,
  overdue: !row.invitedAt && Date.now() - row.premiumSince.getTime() > SLACK_PROMISE_HOURS * 3_600_000,
});

/** Who is waiting for their Slack invitation (longest first), and who was invited lately. */
export async function slackInvitations(ctx: AppContext): Promise<SlackInvitations> {
  const waiting = premiumMembers(ctx.db, isNull(invitations.userId));
  const invited = premiumMembers(ctx.db, isNotNull(invitations.userId));
  return {
    waiting: (await waiting.query.orderBy(asc(waiting.membership.since)).limit(500)).map(toRow),
    invited: (await invited.query.orderBy(desc(invitations.invitedAt)).limit(50)).map(toRow),
  };
}

function invitationMail(to: { email: string; name: string }, inviteUrl: string, publicUrl: string): Mail {
  const text = `Hi ${to.name || 'there'},

Here is your invitation to the private Slack community of Nonprofit Leaders Hub premium members:

${inviteUrl}

Introduce yourself in #welcome: say what your organisation does and what you are working on this month. The community's guidelines are pinned there.

Your premium resources: ${publicUrl}/premium-resources

The Nonprofit Leaders Hub team
`;
  return { to: to.email, subject: 'Your invitation to the premium Slack community', text };
}

/**
 * Records a member as invited: by sending the invitation link from here (the mail is stored in
 * the same transaction as the record) or by marking an invitation sent elsewhere. Once only:
 * a second call answers 409; a member who is not premium, 409 too.
 */
export async function inviteToSlack(ctx: AppContext, admin: PublicUser, userId: string, send: boolean): Promise<SlackInvitationRow> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    const [member] = await premiumMembers(tx, eq(users.id, userId)).query.for('update', { of: users });
    if (!member) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      throw exists ? new HttpError(409, 'This member is not premium: the Slack community is for premium members.') : new HttpError(404, 'User not found');
    }
    const inserted = await tx
      .insert(invitations)
      .values({ userId, invitedBy: admin.email, method: send ? 'emailed' : 'marked' })
      .onConflictDoNothing({ target: invitations.userId })
      .returning({ userId: invitations.userId });
    if (inserted.length === 0) throw new HttpError(409, 'This member was already invited to Slack.');
    await recordAudit(tx, admin, { action: send ? 'slack_invitation_sent' : 'slack_invitation_marked', targetType: 'user', targetId: userId });
    return send ? [await ctx.mailer.store(tx, invitationMail(member, ctx.env.SLACK_INVITE_URL, ctx.env.PUBLIC_URL))] : [];
  });
  ctx.mailer.deliverNow(mailIds);
  const [row] = await premiumMembers(ctx.db, eq(users.id, userId)).query;
  return toRow(row!);
}
