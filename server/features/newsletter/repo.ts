import { and, eq, isNull, lt, ne, not, or, type SQL, sql, getTableColumns } from 'drizzle-orm';
import type { SignupSource, StoredSubscriberStatus, SubscriberStatus } from '#shared/newsletter/schemas';
import type { Executor, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { editionDeliveries, editionUnsubscribes } from '../editions/schema';
import { communitySignups, newsletterSignups } from './schema';
import { cancelOptOuts, hasOptedOut, optedOut, optOut } from '../../mail/topic-opt-outs';
import { type PersonalData, theirs } from '../../personal-data';

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

/** The signup's address left the newsletter: its opt-out (decision 071), the one record of that. */
const leftTheNewsletter = optedOut('newsletter', newsletterSignups.email);

/**
 * Where a signup stands, as the admin, the unsubscribe page and the import say it: its stored
 * status, but 'unsubscribed' once its address left the newsletter, unless mail to it was refused
 * ('bounced' says more: nothing can reach it either way). CASE has no builder form.
 */
export const signupStatus = sql<SubscriberStatus>`case when ${newsletterSignups.status} = 'bounced' then 'bounced' when ${leftTheNewsletter} then 'unsubscribed' else ${newsletterSignups.status} end`;

/** The signups whose status (signupStatus) is `status`: the stored status first, so its index still narrows. */
export function hasSignupStatus(status: SubscriberStatus): SQL {
  if (status === 'bounced') return eq(newsletterSignups.status, 'bounced');
  if (status === 'unsubscribed') return and(ne(newsletterSignups.status, 'bounced'), leftTheNewsletter)!;
  return and(eq(newsletterSignups.status, status), not(leftTheNewsletter))!;
}

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
): Promise<{ created: boolean; joined: boolean; status: StoredSubscriberStatus; resubscribed: boolean }> {
  // Confirmed opt-in: a new address gets editions once its owner clicks the emailed
  // link. Signing up again after unsubscribing resubscribes, through the same confirmation
  // (anyone can type anyone's address, so it is never resubscribed on a form's word alone).
  const initial: StoredSubscriberStatus = options.confirmedOptIn ? 'pending' : 'subscribed';
  const left = (await subscriberStatus(tx, signup.email, { lock: true })) === 'unsubscribed';
  // Raw: the conflict target is the lower(email) index, and the builder's takes columns only.
  // The first form an address came through stays its source; an imported one takes its first form's.
  const { rows } = await tx.execute<{ created: boolean; status: StoredSubscriberStatus }>(sql`
    insert into ${newsletterSignups} (email, name, organization, user_id, status, source, confirmed_at)
    values (${signup.email}, ${signup.name}, ${signup.organization}, ${signup.userId}, ${initial}, ${signup.signupType}, ${initial === 'subscribed' ? sql`now()` : null})
    on conflict ((lower(email))) do update set
      updated_at = now(),
      source = coalesce(${newsletterSignups}.source, excluded.source),
      status = case when ${left} then ${initial} else ${newsletterSignups}.status end
    returning (xmax = 0) as created, status`);
  // An address that had left starts again from the initial status, and has left nothing any more.
  if (left) await cancelOptOuts(tx, signup.email, ['newsletter']);
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
  return { created: row.created === true, joined: !member, status: row.status, resubscribed: left };
}

/**
 * Where the address stands (signupStatus): 'unsubscribed' also for an address that left without
 * a signup (a premium member who left the announcements), undefined for one never signed up.
 * `lock` holds the signup's row until the transaction ends: a signup and a leave at once go one
 * after the other.
 */
export async function subscriberStatus(db: Executor, email: string, options: { lock?: boolean } = {}): Promise<SubscriberStatus | undefined> {
  const query = db.select({ status: signupStatus }).from(newsletterSignups).where(sameEmail(email));
  const [row] = options.lock ? await query.for('update', { of: newsletterSignups }) : await query;
  if (row) return row.status;
  return (await hasOptedOut(db, 'newsletter', email)) ? 'unsubscribed' : undefined;
}

/**
 * Unsubscribes the address at once, also from an edition sending now: what is waiting is skipped
 * (claimed copies are checked again before sending). It leaves the newsletter (its opt-out,
 * decision 071), which also stops a premium member's announcements; a bounced signup stays bounced.
 */
export async function unsubscribe(tx: Transaction, email: string, fromEdition?: string): Promise<void> {
  const before = await subscriberStatus(tx, email, { lock: true });
  await optOut(tx, email, ['newsletter']);
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
  const leaving = before === undefined || before === 'subscribed';
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

/** The confirmation link of a pending signup that has not left since; any other is left as it is. */
export async function confirmSignup(db: Executor, email: string): Promise<void> {
  await db
    .update(newsletterSignups)
    .set({ status: 'subscribed', confirmedAt: sql`coalesce(${newsletterSignups.confirmedAt}, now())`, updatedAt: sql`now()` })
    .where(and(sameEmail(email), eq(newsletterSignups.status, 'pending'), not(leftTheNewsletter)));
}

/**
 * Back on the newsletter from a signed link (resubscribing from the unsubscribe page, or ticking
 * it on the preferences page): the link came to this inbox, which proves the address, so a
 * pending, left or missing signup (a premium member who never signed up) becomes subscribed and
 * the address has left nothing. A bounced one is the caller's to refuse.
 */
export async function subscribeFromLink(tx: Transaction, email: string): Promise<void> {
  // Raw: the conflict target is the lower(email) index, and the builder's takes columns only.
  await tx.execute(sql`
    insert into ${newsletterSignups} (email, status, confirmed_at) values (${email}, 'subscribed', now())
    on conflict ((lower(email))) do update set
      status = 'subscribed', updated_at = now(),
      confirmed_at = coalesce(${newsletterSignups}.confirmed_at, now())`);
  await cancelOptOuts(tx, email, ['newsletter']);
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

/** The newsletter's part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const newsletterPersonalData: PersonalData = {
  tables: {
    newsletter_signups: { exported: 'newsletterSignups', erased: true, how: "the account's own, and those under its verified address; deleted" },
    community_signups: { exported: 'communitySignups', erased: true, how: "the account's own, and those under its verified address; deleted" },
  },
  collect: async (db, member) => {
    const [newsletter, community] = await Promise.all([
      // Its status as the member would be told it: 'unsubscribed' once the address left (decision 071).
      db
        .select({ ...getTableColumns(newsletterSignups), status: signupStatus })
        .from(newsletterSignups)
        .where(theirs(member, newsletterSignups)),
      db.select().from(communitySignups).where(theirs(member, communitySignups)),
    ]);
    return { newsletterSignups: newsletter, communitySignups: community };
  },
  erase: async (tx, member) => {
    for (const table of [newsletterSignups, communitySignups]) await tx.delete(table).where(theirs(member, table));
  },
};
