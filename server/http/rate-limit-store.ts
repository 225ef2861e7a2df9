import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import { isStorableText } from '#shared/text';
import type { Database, Executor } from '../db/client';
import { rateLimits } from '../db/schema';

interface Hit {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, hit: Hit) => void;
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A key can carry what a client sent (the email of a sign-in, before validation): one that
 * PostgreSQL cannot store as text (a NUL, a lone surrogate) is counted under its hash instead.
 */
const storableKey = (key: string) => (isStorableText(key) ? key : `sha256:${createHash('sha256').update(key, 'utf16le').digest('hex')}`);

/** Milliseconds until the counter's window ends. */
const ttl = sql<string | number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::bigint`;

/**
 * Counts one hit on `key`, atomically: a window that has ended starts again at 1. Answers the
 * count and the milliseconds until the window ends. In a transaction, the hit is undone with it.
 */
export async function countHit(db: Executor, key: string, windowMs: number): Promise<{ count: number; ttl: number }> {
  const ended = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.${sql.identifier(rateLimits.resetAt.name)} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, ttl });
  return { count: row!.count, ttl: Number(row!.ttl) };
}

/** The counters of `keys` whose window is still running. */
export async function liveCounters(db: Database, keys: string[]): Promise<{ key: string; count: number; ttl: number }[]> {
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, ttl })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)));
  return rows.map((row) => ({ ...row, ttl: Number(row.ttl) }));
}

export async function deleteCounters(db: Database, keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/**
 * @fastify/rate-limit's store, kept in the database instead of each process's memory, so that
 * several servers on one database count one limit together. One atomic upsert per hit: a
 * window that has ended starts again at 1. Each route's limit gets its own key space; `keyPrefix`
 * separates apps that share a database but must not share counters (tests).
 */
export function databaseRateLimitStore(db: Database, keyPrefix = ''): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly namespace = `${keyPrefix}global`,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = storableKey(`${this.namespace}|${key}`);
      countHit(db, fullKey, timeWindow)
        .then((row) => callback(null, { current: row.count, ttl: row.ttl }))
        .catch((error: Error) => callback(error, { current: 0, ttl: 0 }));
    }

    read(key: string, callback: Callback): void {
      const fullKey = storableKey(`${this.namespace}|${key}`);
      liveCounters(db, [fullKey])
        .then(([row]) => callback(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }))
        .catch((error: Error) => callback(error, { current: 0, ttl: 0 }));
    }

    child(params: RouteParams): DatabaseRateLimitStore {
      const { method, url } = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      // Limiters made with createRateLimit have no route: their key generator names their scope.
      // '/api/contact/' is the same route as '/api/contact' (ignoreTrailingSlash): one counter for both.
      const namespace = url ? `${Array.isArray(method) ? method.join(',') : method} ${url.replace(/(.)\/+$/, '$1')}` : 'limiter';
      return new DatabaseRateLimitStore(params, `${keyPrefix}${namespace}`);
    }
  }
  return DatabaseRateLimitStore;
}

/** Counters whose window has ended are dead weight: the scheduled clean-up removes them. */
export async function deleteExpiredRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 minute'`));
}
