import { sql } from 'drizzle-orm';
import type { SignupSource, SubscriberStatus } from '#shared/newsletter/schemas';
import type { Database } from '../../db/client';
import { communitySignups, newsletterSignups } from '../../db/schema';

export interface SignupRecord {
  email: string;
  name: string;
  organization: string;
  signupType: SignupSource;
  /** The signed-in account that signed up, if any: recorded on new rows only, never taken over. */
  userId: string | null;
}

/**
 * Stores a newsletter signup and the community signup it stands for, in the caller's transaction.
 * Signups are unique by lower(email) (docs/product.md (Decisions)): signing up again changes nothing stored.
 * Anyone can type anyone's email, so a re-signup never writes a name or organisation for the
 * inbox's owner, not even into a blank one (the answer is a success either way). Drizzle's
 * onConflict target takes columns only, so the upsert on the lower(email) index is plain SQL.
 * Answers whether this email is new to the list, whether the person joined this way for the first
 * time, the signup's status now, and whether it had unsubscribed before.
 */
export async function recordSignup(
  tx: Pick<Database, 'execute'>,
  signup: SignupRecord,
  options: { confirmedOptIn: boolean } = { confirmedOptIn: false },
): Promise<{ created: boolean; joined: boolean; status: Exclude<SubscriberStatus, 'unsubscribed'>; resubscribed: boolean }> {
  // Confirmed opt-in (issue 23.5): a new address gets editions once its owner clicks the emailed
  // link. Signing up again after unsubscribing resubscribes, through the same confirmation
  // (anyone can type anyone's address, so it is never resubscribed on a form's word alone).
  const initial: SubscriberStatus = options.confirmedOptIn ? 'pending' : 'subscribed';
  const before = await tx.execute(sql`select status from ${newsletterSignups} where lower(email) = lower(${signup.email}) for update`);
  const previous = (before as unknown as { rows: { status: SubscriberStatus }[] }).rows[0]?.status;
  const result = await tx.execute(sql`
    insert into ${newsletterSignups} (email, name, organization, user_id, status, confirmed_at)
    values (${signup.email}, ${signup.name}, ${signup.organization}, ${signup.userId}, ${initial}, ${initial === 'subscribed' ? sql`now()` : null})
    on conflict ((lower(email))) do update set
      updated_at = now(),
      status = case when ${newsletterSignups}.status = 'unsubscribed' then ${initial} else ${newsletterSignups}.status end,
      unsubscribed_at = case when ${newsletterSignups}.status = 'unsubscribed' then null else ${newsletterSignups}.unsubscribed_at end
    returning (xmax = 0) as created, status`);
  // Never 'unsubscribed' after this upsert: an unsubscribed row takes the initial status.
  const row = (result as unknown as { rows: { created: boolean; status: Exclude<SubscriberStatus, 'unsubscribed'> }[] }).rows[0]!;
  const created = row.created === true;

  // One community signup per person and way of joining: a repeated form is not a new member.
  const community = await tx.execute(sql`
    insert into ${communitySignups} (email, name, organization, signup_type, user_id)
    select ${signup.email}, ${signup.name}, ${signup.organization}, ${signup.signupType}, ${signup.userId}
    where not exists (
      select 1 from ${communitySignups}
      where lower(email) = lower(${signup.email}) and signup_type = ${signup.signupType}
    )
    returning 1`);
  const joined = (community as unknown as { rows: unknown[] }).rows.length > 0;
  return { created, joined, status: row.status, resubscribed: previous === 'unsubscribed' };
}
