import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

export interface ScheduledJob {
  /** Also the queue's name: lower-case words and dashes. */
  name: string;
  /** Five-field cron, in UTC. */
  cron: string;
  /** Answering 'again' queues the next run at once (long work done in slices, each within the job's expiry). */
  run(): Promise<unknown>;
  /** Also queued when a server starts (one run however many start in the same minute). */
  atStart?: boolean;
  /**
   * Runs may overlap (pg-boss's standard policy) instead of one at a time: for work that is safe to
   * share (rows claimed with SKIP LOCKED), so that a server killed mid-run, whose job stays
   * "active" until it expires, holds nothing up. Such a job must end well within `expireInSeconds`.
   */
  overlapping?: { expireInSeconds: number };
}

export interface JobRunner {
  /**
   * Queues a run of a job now as a cron tick does: one job per clock minute, however many
   * servers ask in that minute (pg-boss's singleton slot).
   */
  trigger(name: string): Promise<void>;
  /** Queues a run now, without waiting; a queue that already has one waiting keeps that one (stately). */
  kick(name: string): void;
  stop(): Promise<void>;
}

/**
 * Scheduled work through pg-boss, a maintained PostgreSQL job queue, in the application's own
 * database (schema `pgboss`): however many servers run, each cron tick makes one job and one
 * server runs it; a job that was due while every server was down runs when one comes back.
 * The queues are "stately" (at most one waiting and one running), so slow work never piles up.
 * pg-boss talks through our connection (the pool, or the embedded PGlite), so it works on both.
 */
export async function startJobRunner(database: DatabaseHandle, jobs: readonly ScheduledJob[], log: FastifyBaseLogger): Promise<JobRunner> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> },
    schema: 'pgboss',
    // Jobs come from cron; pg-boss's own housekeeping runs alongside them.
    cronMonitorIntervalSeconds: 30,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  for (const job of jobs) {
    const policy = job.overlapping
      ? { policy: 'standard' as const, expireInSeconds: job.overlapping.expireInSeconds }
      : { policy: 'stately' as const, expireInSeconds: 15 * 60 };
    await withRetryOnDeadlock(() => boss.createQueue(job.name, { name: job.name, retryLimit: 3, retryBackoff: true, ...policy }));
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
      const started = performance.now();
      try {
        if ((await job.run()) === 'again') await boss.send(job.name, {});
        log.debug({ job: job.name, ms: Math.round(performance.now() - started) }, 'job done');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed; pg-boss retries it');
        throw err;
      }
    });
  }

  const trigger = async (name: string) => {
    await boss.send(name, {}, { singletonKey: 'trigger', singletonSeconds: 60 });
  };
  for (const job of jobs) if (job.atStart) await trigger(job.name);

  return {
    trigger,
    kick(name) {
      void boss.send(name, {}).catch((err: unknown) => log.error({ err, job: name }, 'could not queue a job; its cron runs it within a minute'));
    },
    async stop() {
      // Waits for jobs under way (graceful), then lets go of the database; the pool is ours to close.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 8000 });
    },
  };
}

/**
 * Servers starting together create the same queues at once; PostgreSQL may pick one of them as
 * a deadlock victim. Creating a queue is idempotent, so the victim simply tries again.
 */
async function withRetryOnDeadlock<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
