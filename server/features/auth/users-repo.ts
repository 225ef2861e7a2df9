import { and, eq, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import type { Database, Executor } from '../../db/client';
import { lockUntilCommit } from '../../db/locks';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type UserRow = typeof users.$inferSelect;

/**
 * PublicUser as a JSON schema, for the response of the routes that answer the user: Fastify
 * then writes it with a serializer compiled for exactly these fields, faster than
 * JSON.stringify on the request every page makes (GET /api/user).
 */
const nullableString = { type: ['string', 'null'] };
export const publicUserJsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    firstName: nullableString,
    lastName: nullableString,
    name: nullableString,
    profileImageUrl: nullableString,
    isAdmin: { type: 'boolean' },
    isPremium: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
    createdAt: { type: 'string' },
  },
  required: ['id', 'email', 'firstName', 'lastName', 'name', 'profileImageUrl', 'isAdmin', 'isPremium', 'emailVerified', 'createdAt'],
} as const satisfies { type: 'object'; properties: Record<keyof PublicUser, unknown>; required: (keyof PublicUser)[] };

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export class EmailTakenError extends Error {}

/** Inserts a user; an email taken in any letter case (even by a concurrent request) is an EmailTakenError. */
export async function insertUser(
  db: Executor,
  values: { email: string; passwordHash: string; firstName: string; lastName: string; isPremium?: boolean },
): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: values.email.trim(), name: `${values.firstName} ${values.lastName}` })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/** Inserts the user unless one with that email exists; true when inserted. */
export async function insertUserIfAbsent(db: Database, values: { email: string; passwordHash: string; firstName: string; lastName: string }): Promise<boolean> {
  const rows = await db
    .insert(users)
    .values({ ...values, name: `${values.firstName} ${values.lastName}` })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Any fixed number: the key of the lock that serialises first-admin bootstraps across servers. */
const FIRST_ADMIN_LOCK_ID = 7_202_612;

/**
 * Makes the user an admin, either unconditionally (`allowed`: an ADMIN_EMAILS address) or only
 * while no admin exists. Under READ COMMITTED two concurrent "no admin yet?" checks could both
 * pass, so the check and the update run under one transaction-scoped advisory lock.
 * Returns the updated user, or undefined when an admin already exists.
 */
export async function grantAdmin(db: Database, userId: string, allowed: boolean): Promise<UserRow | undefined> {
  if (allowed) {
    const [row] = await db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    return row;
  }
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, FIRST_ADMIN_LOCK_ID);
    const [row] = await tx
      .update(users)
      .set({ isAdmin: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`not exists (select 1 from ${users} where ${users.isAdmin})`))
      .returning();
    return row;
  });
}
