import { openDatabase } from './db/client';
import { DirLockedError } from './db/dir-lock';
import { EnvError, loadEnv } from './env';
import { buildApp } from './app';
import { type JobRunner, startJobRunner } from './jobs/runner';
import { scheduledJobs } from './jobs/schedule';
import { createMailer } from './mail/mailer';
import { createOutbox } from './mail/outbox';
import { createShutdown } from './shutdown';

/** Starts the server: settings, database, migrations, listen; and stops it cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = performance.now();
  const env = loadEnv();
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR });
  await database.migrate();
  const transport = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR });
  // Every email goes through the outbox table first: a mail server being down delays it, never loses it.
  const outbox = createOutbox(database.db, transport);
  const ctx = { env, database, db: database.db, mailer: outbox };
  const app = await buildApp(ctx, { clientDir: env.CLIENT_DIR, warmUpPages: true });
  // Started once the server listens; stopped before the database closes.
  let jobs: JobRunner | undefined = undefined;

  const stop = createShutdown({
    log: app.log,
    steps: [() => app.close(), async () => jobs?.stop(), () => outbox.idle(), () => database.close()],
    exit: (code) => process.exit(code),
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
  jobs = await startJobRunner(database, scheduledJobs({ ctx, outbox }), app.log);
  app.log.info(`Mail: ${outbox.description}`);
  if (env.PUBLIC_URL_DERIVED) {
    app.log.warn(`PUBLIC_URL is not set: links in emails and canonical URLs use ${env.PUBLIC_URL}, derived from HOST and PORT. Set PUBLIC_URL to the address people reach the site at.`);
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
