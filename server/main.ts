import { openDatabase } from './db/client';
import { DirLockedError } from './db/dir-lock';
import { EnvError, loadEnv } from './env';
import { buildApp } from './app';
import type { AppContext } from './context';
import { type JobRunner, startJobRunner } from './jobs/runner';
import { scheduledJobs } from './schedule';
import { createTransport } from './mail/transport';
import { seedEditions } from './features/editions/seed';
import { reopenCancelledEditions } from './features/editions/repo';
import { seedContent } from './features/content/seed';
import { createMailQueue } from './mail/mail-queue';
import { openLogDestination } from './log-destination';
import { createShutdown, killProcess } from './shutdown';
import { renderMissingHtml } from './stored-html';
import { tuneHeap } from './heap-tuning';

/** Starts the server: settings, database, migrations, listen; and stops it cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = performance.now();
  const env = loadEnv();
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR });
  await database.migrate();
  // The four editions of content/weekly-dish, as already sent, on the first start only.
  await seedEditions(database.db);
  // Editions an earlier version left "cancelled" are drafts again (a cancelled schedule gives a draft now).
  await reopenCancelledEditions(database.db);
  // The pages and resources of content/ become the first published items; idempotent.
  await seedContent(database.db);
  const transport = createTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, dkim: env.DKIM });
  // Every email goes through the mail queue first: a mail server being down delays it, never loses it.
  const mailQueue = createMailQueue(database.db, transport);
  const ctx: AppContext = { env, database, db: database.db, mailQueue };
  // Log lines never block the server: a stdout nobody reads keeps at most 1 MB of them waiting.
  const logDestination = openLogDestination(1);
  const app = await buildApp(ctx, { clientDir: env.CLIENT_DIR, warmUpPages: true, logStream: logDestination });
  // Text kept without its HTML gets it before the server listens (decision 031).
  await renderMissingHtml(database.db, app.log);
  // Editions go out over pooled SMTP connections of their own, at the configured rate.
  const bulkTransport = createTransport({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    dkim: env.DKIM,
    pool: { connections: env.NEWSLETTER_CONNECTIONS },
  });
  bulkTransport.useLogger(app.log);
  // Started once the server listens; stopped before the database closes.
  let jobs: JobRunner | undefined = undefined;
  let stopping = false;

  const stop = createShutdown({
    log: app.log,
    steps: [
      () => app.close(),
      async () => {
        // An edition being sent stops after the messages in flight; the next server carries on.
        stopping = true;
        await jobs?.stop();
        bulkTransport.close();
      },
      () => mailQueue.idle(),
      () => database.close(),
      // What is still waiting for stdout gets a moment; a reader that stalled does not hold us.
      () => logDestination.flush(1000),
    ],
    exit: (code) => process.exit(code),
    forceExit: () => void logDestination.flush(250).finally(killProcess),
  });
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  app.log.info(`Database: ${database.description}`);
  if (database.kind === 'pglite') {
    app.log.warn('The embedded database (PGlite) is for development and evaluation only. Set DATABASE_URL to a PostgreSQL server in production.');
  }
  jobs = await startJobRunner(database, scheduledJobs({ ctx, mailQueue, bulkTransport, isStopping: () => stopping, log: app.log }), app.log);
  ctx.jobs = jobs;
  // After the start's own long-lived objects are in place (decision 057).
  tuneHeap();
  app.log.info(`Mail: ${mailQueue.description}`);
  app.log.info(
    env.BOUNCE_IMAP_URL
      ? `Bounces: editions' reports come back to ${env.BOUNCE_ADDRESS}; the mailbox ${env.BOUNCE_IMAP_MAILBOX} at ${new URL(env.BOUNCE_IMAP_URL).host} is read every minute`
      : `Bounces: editions' reports come back to ${env.BOUNCE_ADDRESS}; no bounce mailbox is read (set BOUNCE_IMAP_URL, BOUNCE_IMAP_USER and BOUNCE_IMAP_PASSWORD)`,
  );
  app.log.info(
    env.DKIM
      ? `DKIM: every message is signed for ${env.DKIM.domainName} with selector ${env.DKIM.keySelector}`
      : 'DKIM: mail is not signed (set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE to sign it)',
  );
  if (env.PASSWORD_SCRYPT_N !== 2 ** 17) {
    app.log.warn(`TEST_PASSWORD_SCRYPT_N is set: new password hashes are weak (scrypt N=${env.PASSWORD_SCRYPT_N}), for a test suite only`);
  }
  if (env.PUBLIC_URL_DERIVED) {
    app.log.warn(
      `PUBLIC_URL is not set: links in emails and canonical URLs use ${env.PUBLIC_URL}, derived from HOST and PORT. Set PUBLIC_URL to the address people reach the site at.`,
    );
  }
  app.log.info(`Ready in ${Math.round(performance.now() - started)} ms at http://localhost:${port} (public URL ${env.PUBLIC_URL})`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DirLockedError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
