import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { goodCard, memberApi } from '../../test/payments';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { registerAccount } from '../../test/auth-client';

vi.setConfig({ testTimeout: 60_000 });

const SLACK = 'https://join.slack.com/t/premium-test/shared_invite/xyz';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SLACK_INVITE_URL: SLACK, RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
});
afterAll(() => t.close());

describe('GET /api/premium/resources', () => {
  it('is for premium sessions only: 401 signed out, 403 for a free member', async () => {
    expect((await callApp(`${t.url}/api/premium/resources`)).status).toBe(401);
    const free = await registerAccount(t.url, 'free');
    const res = await memberApi(t, free.cookie).get('/api/premium/resources');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.json)).not.toContain(SLACK);
  });

  it('gives a premium member the hub: expanded guides, toolkits, recordings, the Slack invitation and the way to book coaching', async () => {
    const member = await registerAccount(t.url, 'premium');
    const api = memberApi(t, member.cookie);
    const { url } = (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json;
    expect((await api.post(`/api/billing/local/checkouts/${url.split('/').pop()}/pay`, goodCard)).status).toBe(200);

    const res = await api.get('/api/premium/resources');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = res.json;
    expect(body.slackInviteUrl).toBe(SLACK);
    expect(body.sections.map((s: { slug: string }) => s.slug)).toEqual([
      'expanded-field-guides',
      'toolkits',
      'webinar-recordings',
      'slack-community',
      'coaching',
    ]);
    const html = body.sections.map((s: { html: string }) => s.html).join('\n');
    expect(html).toContain(`href="${SLACK}"`);
    // Coaching is booked on the site.
    expect(html).toContain('href="/coaching"');
    expect(html).not.toContain('{{');
    expect(html).toContain('Governance toolkit');
  });
});
