import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import type { Feature } from './feature';
import { type AppServices, features } from './features';
import { createContentStore } from './features/content/store';
import { createSearchService } from './features/search/service';
import { scheduledJobs } from './schedule';
import { startTestApp, type TestApp } from './test/app';

/**
 * The composition: every feature folder is in the one list, each page of the site is one
 * feature's, and the scheduled jobs keep the queue names work is already stored under.
 */
let t: TestApp;
beforeAll(async () => {
  // With a bounce mailbox, so that every job is scheduled.
  t = await startTestApp({ BOUNCE_IMAP_URL: 'imaps://bounces.example.org', BOUNCE_IMAP_USER: 'bounces', BOUNCE_IMAP_PASSWORD: 'secret' });
});
afterAll(() => t.close());

/** What a test must not reach: it fails when touched. */
const unreachable = new Proxy(
  {},
  {
    get() {
      throw new Error('touched a service this test gives no feature');
    },
  },
) as never;

describe('the list of features', () => {
  it('holds every folder of server/features once, by its feature.ts, under the folder’s name', async () => {
    const folders = readdirSync(join(import.meta.dirname, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const folder of folders) {
      const module = (await import(`./features/${folder}/feature.ts`)) as Record<string, Feature>;
      const exported = Object.values(module);
      expect(exported, `server/features/${folder}/feature.ts exports one Feature`).toHaveLength(1);
      expect(exported[0]!.name).toBe(folder);
      expect(
        features.filter((feature) => feature === exported[0]),
        `server/features.ts lists ${folder} once`,
      ).toHaveLength(1);
    }
    expect(features.map((feature) => feature.name).sort()).toEqual(folders);
  });

  it('answers each page of the route table by one feature’s lookup at most, so the lookups’ order does not matter', async () => {
    const content = await createContentStore(t.ctx.database, t.app.log);
    const search = createSearchService(t.ctx.db, t.app.log, { contactEmail: t.ctx.env.CONTACT_EMAIL });
    try {
      const services: AppServices = { ctx: t.ctx, content, search, builder: unreachable, personalDataParts: unreachable };
      const lookups = features.flatMap((feature) => (feature.lookups?.(services) ?? []).map((lookup) => ({ feature: feature.name, lookup })));
      expect(lookups.map(({ feature }) => feature).sort()).toEqual(['checkup', 'content', 'editions', 'newsletter', 'search']);
      const claimed: Record<string, string[]> = {};
      for (const route of routes) {
        const path = route.path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'sample'));
        for (const { feature, lookup } of lookups) {
          if (await lookup(path, new URLSearchParams())) (claimed[path] ??= []).push(feature);
        }
      }
      expect(Object.entries(claimed).filter(([, by]) => by.length > 1)).toEqual([]);
      // Each lookup answers for some page: one that answered for none would be dead.
      expect(new Set(Object.values(claimed).flat())).toEqual(new Set(lookups.map(({ feature }) => feature)));
    } finally {
      await content.close();
      await search.close();
    }
  });
});

describe('the schedule', () => {
  it('runs each job once under the queue name its work is stored under', () => {
    const jobs = scheduledJobs({ ctx: t.ctx, mailQueue: t.ctx.mailQueue, bulkTransport: unreachable, isStopping: () => false, log: t.app.log });
    expect(jobs.map((job) => job.name).sort()).toEqual([
      'allies-news',
      'bounce-mailbox',
      'checkup-peers',
      'checkup-reminders',
      'coaching',
      'content-publish',
      'follow-ups',
      'housekeeping',
      'images',
      'mail-outbox',
      'membership-check',
      'plan-figures',
      'plan-reminders',
      'premium-grants',
      'stored-html',
      'team-checkup-reminders',
      'team-seats',
      'webinar-reminders',
      'weekly-dish',
    ]);
  });
});
