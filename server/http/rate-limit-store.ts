import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import { isStorableText } from '#shared/text';
import type { Database } from '../db/client';

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

const rowsOf = (result: unknown) => (result as { rows: { count: number; ttl: string | number }[] }).rows;

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
      db.execute(
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`,
      )
        .then((result) => {
          const row = rowsOf(result)[0]!;
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        })
        .catch((error: Error) => callback(error, { current: 0, ttl: 0 }));
    }

    read(key: string, callback: Callback): void {
      const fullKey = storableKey(`${this.namespace}|${key}`);
      db.execute(
        sql`
        select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl
        from rate_limits where key = ${fullKey} and reset_at > now()`,
      )
        .then((result) => {
          const row = rowsOf(result)[0];
          callback(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
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
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 minute'`);
}
