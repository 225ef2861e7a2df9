import { type Column, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkupResults, communitySignups, contactMessages, newsletterSignups, subscriptions, users } from '../../db/schema';

const byEmail = (column: Column, email: string) => sql`lower(${column}) = lower(${email.trim()})`;

type Owned = typeof newsletterSignups | typeof communitySignups | typeof checkupResults | typeof contactMessages;

/**
 * The rows that are the member's (issue 27.1): what the account submitted while signed in, and,
 * once the account has proved it owns its address, what was submitted under that address
 * without an account. Anyone can register with someone else's email; only the inbox's owner can
 * confirm it.
 */
async function ownedBy(db: Pick<Database, 'select'>, user: { id: string; email: string }): Promise<(table: Owned) => SQL> {
  const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
  const verified = Boolean(row?.verifiedAt);
  return (table) => (verified ? or(eq(table.userId, user.id), byEmail(table.email, user.email))! : eq(table.userId, user.id));
}

/** Everything stored about a member, for "download my data": their account and every row that is theirs (ownedBy). */
export async function collectMemberData(db: Database, user: { id: string; email: string }) {
  const mine = await ownedBy(db, user);
  const [newsletter, community, checkups, contacts, subs] = await Promise.all([
    db.select().from(newsletterSignups).where(mine(newsletterSignups)),
    db.select().from(communitySignups).where(mine(communitySignups)),
    db.select().from(checkupResults).where(mine(checkupResults)),
    db.select().from(contactMessages).where(mine(contactMessages)),
    db
      .select({
        plan: subscriptions.plan,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id)),
  ]);
  return { newsletterSignups: newsletter, communitySignups: community, checkupResults: checkups, contactMessages: contacts, subscriptions: subs };
}

/**
 * Removes the member: the account (its sessions, reset tokens, subscriptions records, reviews
 * and billing customer go with it by foreign key) and every row that is theirs (ownedBy).
 * One transaction: all of it or none.
 */
export async function deleteMember(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const mine = await ownedBy(tx, user);
    for (const table of [newsletterSignups, communitySignups, checkupResults, contactMessages]) await tx.delete(table).where(mine(table));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
