import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { SLACK_PROMISE_HOURS, type SlackInvitationRow, type SlackInvitations } from '#shared/admin/slack-invitations';
import { liveStatuses } from '../../payment-providers/provider';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { toldOnce, users } from '../../db/schema';
import { subscriptions } from '../membership/schema';
import { HttpError } from '../../http/errors';
import type { Mail } from '../../mail/mailer';
import { markTold } from '../../mail/told-once';
import { recordAudit } from '../../audit-log';
import { findUserById } from '../../users-repo';

const SLACK_TOPIC = 'slack-invitation';

// The start of a premium member's live membership: when the 24-hour promise began.
const premiumSince = sql<Date | string>`(select s.created_at from ${subscriptions} s where s.user_id = ${users.id} and s.status in (${sql.join(
  liveStatuses.map((status) => sql`${status}`),
  sql`, `,
)}) order by s.created_at desc limit 1)`;

/** Premium members with the start of their live membership, and their invitation (the "told once" mark) if any. */
const members = (db: Executor, only?: SQL) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      premiumSince,
      invitedAt: toldOnce.createdAt,
      details: toldOnce.details,
    })
    .from(users)
    .leftJoin(toldOnce, and(eq(toldOnce.userId, users.id), eq(toldOnce.topic, SLACK_TOPIC)))
    .where(and(eq(users.isPremium, true), sql`${premiumSince} is not null`, only));

type Member = Awaited<ReturnType<typeof members>>[number];

const toRow = (row: Member): SlackInvitationRow => {
  const since = new Date(row.premiumSince);
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    premiumSince: since.toISOString(),
    invitedAt: row.invitedAt ? row.invitedAt.toISOString() : null,
    invitedBy: row.details?.by ?? null,
    method: (row.details?.method as SlackInvitationRow['method']) ?? null,
    overdue: !row.invitedAt && Date.now() - since.getTime() > SLACK_PROMISE_HOURS * 3_600_000,
  };
};

/** Who is waiting for their Slack invitation (longest first), and who was invited lately. */
export async function slackInvitations(ctx: AppContext): Promise<SlackInvitations> {
  const waiting = await members(ctx.db, isNull(toldOnce.id)).orderBy(premiumSince).limit(500);
  const invited = await members(ctx.db, isNotNull(toldOnce.id)).orderBy(desc(toldOnce.createdAt)).limit(50);
  return { waiting: waiting.map(toRow), invited: invited.map(toRow) };
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
    const [member] = await members(tx, eq(users.id, userId)).for('update', { of: users });
    if (!member) {
      const exists = await findUserById(tx, userId);
      throw exists ? new HttpError(409, 'This member is not premium: the Slack community is for premium members.') : new HttpError(404, 'User not found');
    }
    const told = await markTold(tx, SLACK_TOPIC, [userId], { by: admin.email, method: send ? 'emailed' : 'marked' });
    if (told.length === 0) throw new HttpError(409, 'This member was already invited to Slack.');
    await recordAudit(tx, admin, { action: send ? 'slack_invitation_sent' : 'slack_invitation_marked', targetType: 'user', targetId: userId });
    return send ? [await ctx.mailer.store(tx, invitationMail(member, ctx.env.SLACK_INVITE_URL, ctx.env.PUBLIC_URL))] : [];
  });
  ctx.mailer.deliverNow(mailIds);
  const [row] = await members(ctx.db, eq(users.id, userId));
  return toRow(row!);
}
