/** Premium promises "Slack access within 24 hours": the admin's view of who is waiting. */
export const SLACK_PROMISE_HOURS = 24;

export interface SlackInvitationRow {
  userId: string;
  email: string;
  name: string;
  /** When their current premium membership began. */
  premiumSince: string;
  invitedAt: string | null;
  invitedBy: string | null;
  method: 'emailed' | 'marked' | null;
  /** Not invited and premium for longer than the promise. */
  overdue: boolean;
}

export interface SlackInvitations {
  waiting: SlackInvitationRow[];
  /** Invited, most recent first (the last 50). */
  invited: SlackInvitationRow[];
}
