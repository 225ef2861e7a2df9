import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allyCategories, allySubmissionSchema } from '#shared/allies/schemas';
import { postJson, startTestApp, type TestApp } from '../../test/app';
import { demoUser } from '../auth/demo-user';
import { sessionCookieOf } from '../../test/auth-client';
import { sampleAllies, seedSampleAllies } from './sample-allies';

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
    const login = await postJson(`${t.url}/api/login`, { email: demoUser.email, password: demoUser.password });
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login)!;
    const res = await fetch(`${t.url}/api/allies?category=Fuel`, { headers: { cookie } });
    const page = await res.json();
    const names = page.allies.map((a: { name: string }) => a.name);
    for (const sample of sampleAllies.filter((a) => a.category === 'Fuel')) expect(names).toContain(sample.name);
    expect(page.allies.every((a: { lastVerifiedAt: string | null }) => a.lastVerifiedAt)).toBe(true);
  });
});
