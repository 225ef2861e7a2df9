import { type Column, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkupResults, communitySignups, contactMessages, newsletterSignups, subscriptions, users } from '../../db/schema';

const byEmail = (column: Column, email: string) => sql`lower(${column}) = lower(${email.trim()})`;

/** Everything stored about a member, for "download my data": their account and every row under their email. */
export async function collectMemberData(db: Database, user: { id: string; email: string }) {
  const [newsletter, community, checkups, contacts, subs] = await Promise.all([
    db.select().from(newsletterSignups).where(byEmail(newsletterSignups.email, user.email)),
    db.select().from(communitySignups).where(byEmail(communitySignups.email, user.email)),
    db.select().from(checkupResults).where(byEmail(checkupResults.email, user.email)),
    db.select().from(contactMessages).where(byEmail(contactMessages.email, user.email)),
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
 * and billing customer go with it by foreign key) and every row stored under their email.
 * One transaction: all of it or none.
 */
export async function deleteMember(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(newsletterSignups).where(byEmail(newsletterSignups.email, user.email));
    await tx.delete(communitySignups).where(byEmail(communitySignups.email, user.email));
    await tx.delete(checkupResults).where(byEmail(checkupResults.email, user.email));
    await tx.delete(contactMessages).where(byEmail(contactMessages.email, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
