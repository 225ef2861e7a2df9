import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { allies } from '../features/allies/schema';

/**
 * Test-only database access for the Allies tests: the approve endpoint belongs to the admin
 * feature, so these tests approve submissions and grant roles straight in the database.
 */
export async function approveAlly(db: Database, id: string, verifiedAt = new Date()): Promise<void> {
  await db.update(allies).set({ approved: true, lastVerifiedAt: verifiedAt }).where(eq(allies.id, id));
}

export async function setRoles(db: Database, userId: string, roles: { isPremium?: boolean; isAdmin?: boolean }): Promise<void> {
  await db.update(users).set(roles).where(eq(users.id, userId));
}

export async function allyRowsBySubmitter(db: Database, submitterEmail: string) {
  return db.select().from(allies).where(eq(allies.submitterEmail, submitterEmail));
}
