import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import type { PublicUser } from '#shared/auth/user';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { UserRow } from '../users-repo';

/**
 * The session store, below the features: sign-in and password changes (auth, account) start
 * and end sessions, and every guard looks the caller up here.
 *
 * Server-side sessions: the cookie holds a random 256-bit token, the database only its
 * SHA-256, so a leaked database gives no usable session. Sessions last 30 days from sign-in.
 */
export const SESSION_COOKIE = 'nlh_session';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Starts a new session: a sign-in always gets a fresh token, never a value the browser brought (no fixation). */
export async function createSession(db: Database, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_MS);
  // Expired sessions of this person are swept as they sign in, so the table does not grow forever.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The session lookup runs on every signed-in request. */
const findSessionUserStatement = preparedPerDatabase((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session_user'),
);

export async function findSessionUser(db: Database, token: string): Promise<UserRow | undefined> {
  const [row] = await findSessionUserStatement(db).execute({ tokenHash: hashToken(token), now: new Date() });
  return row?.user;
}

/** What the site tells a person about their own account, and what guards decide on: never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.name,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
    isPremium: row.isPremium,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

export function setSessionCookie(reply: FastifyReply, session: { token: string; expiresAt: Date }, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: session.expiresAt });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure, expires: session.expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}
