import { sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { SLACK_PROMISE_HOURS, type SlackInvitationRow, type SlackInvitations } from '#shared/premium/slack';
import { liveStatuses } from '../../payment-providers/provider';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { HttpError } from '../../http/errors';
import type { Mail } from '../../mail/mailer';
import { recordAudit } from '../../audit-log';

interface Row {
  user_id: string;
  email: string;
  name: string;
  premium_since: string;
  invited_at: string | null;
  invited_by: string | null;
  method: 'emailed' | 'marked' | null;
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
const live = sql.join(
  liveStatuses.map((status) => sql`${status}`),
  sql`, `,
);

// Premium members with the start of their live membership, and their invitation if any.
const members = sql`
  select u.id as user_id, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
    m.created_at as premium_since, i.invited_at, i.invited_by, i.method
  from users u
  join lateral (select s.created_at from subscriptions s where s.user_id = u.id and s.status in (${live}) order by s.created_at desc limit 1) m on true
  left join slack_invitations i on i.user_id = u.id
  where u.is_premium`;

const toRow = (row: Row): SlackInvitationRow => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  premiumSince: iso(row.premium_since)!,
  invitedAt: iso(row.invited_at),
  invitedBy: row.invited_by,
  method: row.method,
  overdue: !row.invited_at && Date.now() - new Date(row.premium_since).getTime() > SLACK_PROMISE_HOURS * 3_600_000,
});

/** Who is waiting for their Slack invitation (longest first), and who was invited lately. */
export async function slackInvitations(ctx: AppContext): Promise<SlackInvitations> {
  const waiting = rowsOf<Row>(await ctx.db.execute(sql`${members} and i.user_id is null order by m.created_at asc limit 500`));
  const invited = rowsOf<Row>(await ctx.db.execute(sql`${members} and i.user_id is not null order by i.invited_at desc limit 50`));
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
    const [member] = rowsOf<Row>(await tx.execute(sql`${members} and u.id = ${userId} for update of u`));
    if (!member) {
      const exists = rowsOf(await tx.execute(sql`select 1 from users where id = ${userId}`));
      throw exists.length
        ? new HttpError(409, 'This member is not premium: the Slack community is for premium members.')
        : new HttpError(404, 'User not found');
    }
    const inserted = rowsOf(
      await tx.execute(sql`
        insert into slack_invitations (user_id, invited_by, method) values (${userId}, ${admin.email}, ${send ? 'emailed' : 'marked'})
        on conflict (user_id) do nothing returning 1`),
    );
    if (inserted.length === 0) throw new HttpError(409, 'This member was already invited to Slack.');
    await recordAudit(tx, admin, { action: send ? 'slack_invitation_sent' : 'slack_invitation_marked', targetType: 'user', targetId: userId });
    return send ? [await ctx.mailer.store(tx, invitationMail(member, ctx.env.SLACK_INVITE_URL, ctx.env.PUBLIC_URL))] : [];
  });
  ctx.mailer.deliverNow(mailIds);
  const [row] = rowsOf<Row>(await ctx.db.execute(sql`${members} and u.id = ${userId}`));
  return toRow(row!);
}
