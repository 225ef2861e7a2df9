import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { render } from './entry-server';

const siteConfig = { publicUrl: 'https://hub.example.org', stripePublishableKey: '', analytics: {} } as unknown as Parameters<typeof render>[0]['siteConfig'];

describe('the server render', () => {
  // The synchronous pass is used only when nothing waits; where it is used, it must draw exactly
  // what the prerender draws, or the browser's hydration would not match.
  const paths = routes.filter((route) => !route.path.includes(':')).map((route) => route.path);

  it.each([...paths, '/no-such-page', '/resources?pillar=fuel'])('draws %s the same in one pass as the prerender does', async (url) => {
    const request = { url, siteConfig, userPending: false };
    const waited = await render(request, { pass: 'waiting' });
    // Once the process has drawn a page, nothing in it waits: the one pass draws it (else this throws).
    const atOnce = await render(request, { pass: 'at-once' });
    expect(waited.errors).toEqual([]);
    expect(atOnce.html).toBe(waited.html);
    expect(atOnce.html).toContain('<main');
  });
});
