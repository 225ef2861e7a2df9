// The yardstick for the API benchmark: node:http and a pg Pool of the same size as the app's,
// answering the same JSON by running the same SQL, and nothing else (no framework, logging,
// security headers, cookies plugin or compression). app req/s ÷ this server's req/s is what
// the framework and our hooks cost. Run as its own process so it never shares an event loop
// with the app or with autocannon.
import { createHash } from 'node:crypto';
import http from 'node:http';

const port = Number(process.env.PORT);
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const sessionCookie = process.env.BARE_SESSION_COOKIE ?? 'nlh_session';

const database = await openDatabase(process.env.DATABASE_URL);

// The exact statement the app's session lookup sends (Drizzle's SQL for findSessionUser in
// server/features/auth/sessions.ts, with its parameters: the SHA-256 hex of the cookie token,
// "now" as an ISO string, the limit), prepared once per connection as the app's is. It reads
// every user column, as the app does.
const userBySessionSql =
  'select "users"."id", "users"."email", "users"."password_hash", "users"."first_name", "users"."last_name", "users"."name", "users"."profile_image_url", "users"."is_admin", "users"."is_premium", "users"."created_at", "users"."updated_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2) limit $3';

const server = http.createServer(async (request, response) => {
  try {
    if (request.method === 'GET' && request.url === '/readyz') {
      await database.query('select 1');
      return send(response, 200, { status: 'ok', database: database.kind });
    }
    if (request.method === 'GET' && request.url === '/api/user') {
      const token = readCookie(request.headers.cookie, sessionCookie);
      if (!token || token.length > 100) return send(response, 401, { message: 'Not signed in' });
      const hash = createHash('sha256').update(token).digest('hex');
      const { rows } = await database.query(userBySessionSql, [hash, new Date().toISOString(), 1], 'find_session_user');
      const row = rows[0];
      if (!row) return send(response, 401, { message: 'Not signed in' });
      return send(response, 200, {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        name: row.name,
        profileImageUrl: row.profile_image_url,
        isAdmin: row.is_admin,
        isPremium: row.is_premium,
        createdAt: new Date(row.created_at).toISOString(),
      });
    }
    return send(response, 404, { message: 'Not found' });
  } catch (error) {
    return send(response, 500, { message: String(error) });
  }
});
// Fastify's default: neither server may drop idle keep-alive connections sooner than the other.
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');

const shutdown = () => server.close(() => database.close().finally(() => process.exit(0)));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

function send(response, status, body) {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** PostgreSQL when a URL is given; otherwise an in-memory PGlite, the embedded fallback's equivalent. */
async function openDatabase(url) {
  if (url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    pool.on('error', () => {});
    // A name makes it a prepared statement per connection, as the app's Drizzle `.prepare()` does.
    return {
      kind: 'postgres',
      query: (sql, params, name) => pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  return { kind: 'pglite', query: (sql, params) => client.query(sql, params), close: () => client.close() };
}
