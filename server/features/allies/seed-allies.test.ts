import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allyCategories, allySubmissionSchema } from '#shared/allies/schemas';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { demoUser } from '../auth/demo-user';
import { sessionCookieOf } from '../../test/auth-client';
import { sampleAllies, seedSampleAllies } from './seed-allies';

describe('sample allies', () => {
  it('are at least 15, cover all five categories and pass the submission rules', () => {
    expect(sampleAllies.length).toBeGreaterThanOrEqual(15);
    expect(new Set(sampleAllies.map((a) => a.category))).toEqual(new Set(allyCategories));
    for (const { verifiedDaysAgo: _, phone: __, ...ally } of sampleAllies) {
      expect(allySubmissionSchema.safeParse({ ...ally, submitterEmail: ally.email }).success, ally.name).toBe(true);
    }
  });
});

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => t?.close());

  it('seeds the samples once, approved, so the demo premium member sees a populated directory', async () => {
    expect(await seedSampleAllies(t.ctx.db)).toBe(0);
    const login = await callApp(`${t.url}/api/login`, 'POST', { body: { email: demoUser.email, password: demoUser.password } });
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login)!;
    // One search per sample: other tests' allies share the PostgreSQL database and the first page.
    for (const sample of sampleAllies.filter((a) => a.category === 'Fuel')) {
      const params = new URLSearchParams({ category: 'Fuel', search: sample.name });
      const page = (await callApp(`${t.url}/api/allies?${params}`, 'GET', { cookie })).json;
      const found = page.allies.find((a: { name: string }) => a.name === sample.name);
      expect(found, sample.name).toBeDefined();
      expect(found.lastVerifiedAt, sample.name).toBeTruthy();
    }
  });
});
