import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignupSource, SubscriberStatus } from '#shared/newsletter/schemas';
import type { Executor, Transaction } from '../../db/client';
import { communitySignups, editionDeliveries, editionUnsubscribes, newsletterSignups, users } from '../../db/schema';

export interface SignupRecord {
  email: string;
  name: string;
  organization: string;
  signupType: SignupSource;
  /** The signed-in account that signed up, if any: recorded on new rows only, never taken over. */
  userId: string | null;
}

/** Signups are unique by lower(email) (docs/product.md (Decisions)): every lookup says it the index's way. */
const sameEmail = (email: string) => sql`lower(${newsletterSignups.email}) = lower(${email})`;

/**
 * Stores a newsletter signup and the community signup it stands for, in the caller's transaction.
 * Signing up again changes nothing stored.
 * Anyone can type anyone's email, so a re-signup never writes a name or organisation for the
 * inbox's owner, not even into a blank one (the answer is a success either way).
 * Answers whether this email is new to the list, whether the person joined this way for the first
 * time, the signup's status now, and whether it had unsubscribed before.
 */
export async function recordSignup(
  tx: Transaction,
  signup: SignupRecord,
  options: { confirmedOptIn: boolean } = { confirmedOptIn: false },
): Promise<{ created: boolean; joined: boolean; status: Exclude<SubscriberStatus, 'unsubscribed'>; resubscribed: boolean }> {
  // Confirmed opt-in: a new address gets editions once its owner clicks the emailed
  // link. Signing up again after unsubscribing resubscribes, through the same confirmation
  // (anyone can type anyone's address, so it is never resubscribed on a form's word alone).
  const initial: SubscriberStatus = options.confirmedOptIn ? 'pending' : 'subscribed';
  const [before] = await tx.select({ status: newsletterSignups.status }).from(newsletterSignups).where(sameEmail(signup.email)).for('update');
  // Raw: the conflict target is the lower(email) index, and the builder's takes columns only.
  // The first form an address came through stays its source; an imported one takes its first form's.
  const { rows } = await tx.execute<{ created: boolean; status: Exclude<SubscriberStatus, 'unsubscribed'> }>(sql`
    insert into ${newsletterSignups} (email, name, organization, user_id, status, source, confirmed_at)
    values (${signup.email}, ${signup.name}, ${signup.organization}, ${signup.userId}, ${initial}, ${signup.signupType}, ${initial === 'subscribed' ? sql`now()` : null})
    on conflict ((lower(email))) do update set
      updated_at = now(),
      source = coalesce(${newsletterSignups}.source, excluded.source),
      status = case when ${newsletterSignups}.status = 'unsubscribed' then ${initial} else ${newsletterSignups}.status end,
      unsubscribed_at = case when ${newsletterSignups}.status = 'unsubscribed' then null else ${newsletterSignups}.unsubscribed_at end
    returning (xmax = 0) as created, status`);
  // Never 'unsubscribed' after this upsert: an unsubscribed row takes the initial status.
  const row = rows[0]!;

  // One community signup per person and way of joining: a repeated form is not a new member. The
  // signup row above stays locked until the transaction ends, so the same person's forms sent at
  // once look and add one at a time.
  const [member] = await tx
    .select({ id: communitySignups.id })
    .from(communitySignups)
    .where(and(sql`lower(${communitySignups.email}) = lower(${signup.email})`, eq(communitySignups.signupType, signup.signupType)))
    .limit(1);
  if (!member) {
    await tx
      .insert(communitySignups)
      .values({ email: signup.email, name: signup.name, organization: signup.organization, signupType: signup.signupType, userId: signup.userId });
  }
  return { created: row.created === true, joined: !member, status: row.status, resubscribed: before?.status === 'unsubscribed' };
}

export async function subscriberStatus(db: Executor, email: string): Promise<SubscriberStatus | undefined> {
  const [row] = await db.select({ status: newsletterSignups.status }).from(newsletterSignups).where(sameEmail(email));
  return row?.status;
}

/**
 * Unsubscribes the address at once, also from an edition sending now: what is waiting is skipped
 * (claimed copies are checked again before sending). An address with no signup (a premium
 * member's announcement) gets one that says unsubscribed; a bounced one stays bounced.
 */
export async function unsubscribe(tx: Transaction, email: string, fromEdition?: string): Promise<void> {
  const [before] = await tx.select({ status: newsletterSignups.status }).from(newsletterSignups).where(sameEmail(email)).for('update');
  // Raw: the conflict target is the lower(email) index, and the builder's takes columns only.
  await tx.execute(sql`
    insert into ${newsletterSignups} (email, status, unsubscribed_at) values (${email}, 'unsubscribed', now())
    on conflict ((lower(email))) do update set
      status = case when ${newsletterSignups}.status = 'bounced' then 'bounced' else 'unsubscribed' end,
      unsubscribed_at = coalesce(${newsletterSignups}.unsubscribed_at, now()), updated_at = now()`);
  await tx
    .update(editionDeliveries)
    .set({ status: 'skipped' })
    .where(
      and(
        sql`lower(${editionDeliveries.email}) = lower(${email})`,
        eq(editionDeliveries.status, 'pending'),
        or(isNull(editionDeliveries.lockedUntil), lt(editionDeliveries.lockedUntil, sql`now()`)),
      ),
    ); // Counted against the edition whose link it came from, if it was sent to this address and the
  // address was receiving editions until now: a count per edition, never who (decision 045).
  const leaving = !before || before.status === 'subscribed';
  if (leaving && fromEdition && editionIdShape.test(fromEdition)) await countEditionUnsubscribe(tx, fromEdition, email);
}

const editionIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function countEditionUnsubscribe(tx: Transaction, editionId: string, email: string): Promise<void> {
  await tx
    .insert(editionUnsubscribes)
    .select(
      tx
        .select({ editionId: editionDeliveries.editionId, count: sql<number>`1`.as('count') })
        .from(editionDeliveries)
        .where(and(eq(editionDeliveries.editionId, editionId), sql`lower(${editionDeliveries.email}) = lower(${email})`)),
    )
    .onConflictDoUpdate({ target: editionUnsubscribes.editionId, set: { count: sql`${editionUnsubscribes.count} + 1` } });
}

/** The link came from an edition sent to this inbox: that proves the address, no confirmation needed. */
export async function resubscribe(db: Executor, email: string): Promise<void> {
  await db
    .update(newsletterSignups)
    .set({ status: 'subscribed', unsubscribedAt: null, confirmedAt: sql`coalesce(${newsletterSignups.confirmedAt}, now())`, updatedAt: sql`now()` })
    .where(sameEmail(email));
}

/** The confirmation link of a pending signup; any other status is left as it is. */
export async function confirmSignup(db: Executor, email: string): Promise<void> {
  await db
    .update(newsletterSignups)
    .set({ status: 'subscribed', confirmedAt: sql`coalesce(${newsletterSignups.confirmedAt}, now())`, updatedAt: sql`now()` })
    .where(and(sameEmail(email), eq(newsletterSignups.status, 'pending')));
}

/**
 * The preferences page ticked The Weekly Dish: its signed link came to this inbox, which proves
 * the address (as for resubscribe), so a pending, unsubscribed or missing signup (a premium
 * member who never signed up) becomes subscribed. A bounced one is the caller's to refuse.
 */
export async function subscribeFromLink(tx: Transaction, email: string): Promise<void> {
  // Raw: the conflict target is the lower(email) index, and the builder's takes columns only.
  await tx.execute(sql`
    insert into ${newsletterSignups} (email, status, confirmed_at) values (${email}, 'subscribed', now())
    on conflict ((lower(email))) do update set
      status = 'subscribed', unsubscribed_at = null, updated_at = now(),
      confirmed_at = coalesce(${newsletterSignups}.confirmed_at, now())`);
}

/** Whether the address is a premium member's: premium announcements go to it without a signup (decision 032). */
export async function isPremiumAddress(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isPremium, true)))
    .limit(1);
  return rows.length > 0;
}
