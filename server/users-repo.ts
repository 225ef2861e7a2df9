import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import type { Database, Executor } from './db/client';
import { lockUntilCommit } from './db/locks';
import { users } from './db/schema';
import { isUniqueViolation } from './db/unique-violation';

/**
 * The `users` table's one repository, below the features (decision 073): a user by id or address,
 * what a mail to them needs, the admins, the roles, for every feature (auth, account, admin,
 * membership, teams, offers, webinars…) without a loop between them. A feature's query that lists
 * its own rows with the people they belong to (a team's seats, a webinar's sign-ups) joins `users`
 * in that feature's repository; `users.is_premium` is written only by membership's syncPremium,
 * from the memberships; the session lookup (http/sessions.ts) joins it to the session.
 */
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

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Marks the address verified (kept from the first time) if the user still has it: the link was
 * sent to `email`, which may have changed since. Returns the address as the user keeps it, or
 * undefined when they no longer have it.
 */
export async function markEmailVerified(tx: Executor, id: string, email: string, now: Date): Promise<string | undefined> {
  const [row] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: now })
    .where(and(eq(users.id, id), sql`lower(${users.email}) = lower(${email})`))
    .returning({ email: users.email });
  return row?.email;
}

/** Which of these lower-case addresses have an account (one indexed lookup), in lower case. */
export async function addressesWithAccounts(db: Executor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(rows.map((row) => row.email));
}

/** What a mail to one member is written with: their address and the first name it greets. */
export async function userContact(db: Executor, id: string): Promise<{ email: string; firstName: string | null } | undefined> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, id));
  return row;
}

/** The name others see a member by: their name, else their address; undefined for no such user. */
export async function userDisplayName(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row ? row.name?.trim() || row.email : undefined;
}

/**
 * Whether the member is premium as stored now. `lock: 'share'` keeps their row from changing
 * until the caller's transaction ends: an end of premium committing meanwhile waits for it.
 */
export async function userIsPremium(db: Executor, id: string, lock?: 'share'): Promise<boolean | undefined> {
  const query = db.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  return row?.isPremium;
}

/** Every admin's id and address. */
export async function adminUsers(db: Executor): Promise<{ id: string; email: string }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isAdmin, true));
}

/** How many admins there are; `lock` locks their rows until the caller's transaction ends, so two demotions at once count each other. */
export async function countAdmins(db: Executor, lock = false): Promise<number> {
  if (!lock) {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
    return row?.n ?? 0;
  }
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
  return rows.length;
}

/** A user as the admin's Users tab shows one. */
const userSummaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
  isAdmin: users.isAdmin,
  isPremium: users.isPremium,
  createdAt: users.createdAt,
};

export async function userSummary(db: Executor, id: string) {
  const [row] = await db.select(userSummaryColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Sets a user's admin flag; their summary, or undefined for no such user. */
export async function setAdminFlag(db: Executor, id: string, isAdmin: boolean) {
  const [row] = await db.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, id)).returning(userSummaryColumns);
  return row;
}

/** The user's address and admin flag, their row locked until the caller's transaction ends (a deletion). */
export async function lockUser(tx: Executor, id: string): Promise<{ email: string; isAdmin: boolean } | undefined> {
  const [row] = await tx.select({ email: users.email, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)).for('update');
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
