import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import type { AppContext } from '../context';
import { openDatabase } from '../db/client';
import { type Env, loadEnv } from '../env';
import { createTransport } from '../mail/transport';
import { createMailQueue } from '../mail/mail-queue';
import { copyTemplate, fileDatabaseUrl } from './postgres';
import { type SmtpCapture, startSmtpCapture } from './smtp';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** http://127.0.0.1:<port>: the app really listens, tests talk to it over HTTP. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real app on a real database, listening on a free port: an in-memory PGlite copied from the
 * migrated dump, or in the "postgres" project the test file's own PostgreSQL database, copied
 * from a migrated template on the server of TEST_DATABASE_URL. Apps of one file share it, so
 * tests still create their own rows (unique emails).
 * Pages are served with their head only, unless `renderPage` renders them (the client's source
 * renderer, as in server/rendering/pages.test.ts).
 */
export async function startTestApp(
  settings: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'renderPage' | 'rateLimitKeyPrefix'> & { logLines?: string[]; databaseUrl?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nlh-app-'));
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    // The deliverability check never asks the internet's DNS from a test: a closed port answers at once.
    DELIVERABILITY_DNS_SERVER: '127.0.0.1:9',
    // Accounts hashed in milliseconds, not a second of a busy core (decision 048); a file about
    // password hashing itself passes TEST_PASSWORD_SCRYPT_N: '' for the production cost.
    TEST_PASSWORD_SCRYPT_N: '1024',
    ...settings,
  });
  const database = options.databaseUrl
    ? await openDatabase({ url: options.databaseUrl, poolSize: 4 })
    : process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL
      ? await openDatabase({ url: await fileDatabaseUrl(), poolSize: 4 })
      : await openDatabase({ memoryFrom: new Blob([readFileSync(inject('pgliteDumpFile'))]) });
  // The production path: every email through the mail queue, delivered at once.
  const mailQueue = createMailQueue(database.db, createTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir, dkim: env.DKIM }));
  const ctx: AppContext = { env, database, db: database.db, mailQueue };
  // With `logLines`, the app logs (at LOG_LEVEL, default 'info' then) into that array.
  const { logLines, databaseUrl: _own, ...buildOptions } = options;
  const app = await buildApp(ctx, {
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : { logger: false }),
    clientDir: join(dataDir, 'no-client'),
    ...buildOptions,
    rateLimitKeyPrefix: options.rateLimitKeyPrefix ?? `${randomUUID()}|`,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    ctx,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Far above what one test file sends from its one address: a limit's own test starts an app with its low setting. */
const relaxedLimits = {
  RATE_LIMIT_FORMS_PER_HOUR: '10000',
  RATE_LIMIT_REGISTER_PER_HOUR: '10000',
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '10000',
};

export interface TestAppWithMail extends TestApp {
  /** The SMTP server the app sends to: every mail that left through its transport. */
  smtp: SmtpCapture;
}

/**
 * The test app most feature files start: it sends its mail to an SMTP capture of its own
 * (`smtp`, whose options `options.smtp` are), and the forms', registrations' and password
 * resets' limits are relaxed, so a file's many requests from one address never meet them.
 * `settings` win over both. `close` stops the app, then the capture.
 */
export async function startTestAppWithMail(
  settings: Record<string, string> = {},
  options: Parameters<typeof startTestApp>[1] & { smtp?: Parameters<typeof startSmtpCapture>[0] } = {},
): Promise<TestAppWithMail> {
  const { smtp: captureOptions, ...appOptions } = options;
  const smtp = await startSmtpCapture(captureOptions);
  let started: TestApp;
  try {
    started = await startTestApp({ ...relaxedLimits, SMTP_URL: smtp.url, ...settings }, appOptions);
  } catch (error) {
    await smtp.close();
    throw error;
  }
  return {
    ...started,
    smtp,
    async close() {
      await started.close();
      await smtp.close();
    },
  };
}

/**
 * A migrated PostgreSQL database of a test's own, for what needs an empty site (no admin yet),
 * and for tests whose work sweeps a whole table (payment events held back, the mail-outbox job)
 * while other apps of the same file could take part. Dropped by `drop`.
 */
export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url, name } = await copyTemplate();
  return {
    url,
    drop: async () => {
      const server = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
      await server.executeSql(`drop database if exists ${name} with (force)`);
      await server.close();
    },
  };
}
