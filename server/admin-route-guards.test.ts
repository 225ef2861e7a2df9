import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminRoutes } from './features/admin/routes';
import { checkupAdminRoutes } from './features/checkup/admin-routes';
import { coachingAdminRoutes } from './features/coaching/admin-routes';
import { contentAdminRoutes } from './features/content/admin-routes';
import { imageUploadRoutes } from './features/content/images';
import { editionAdminRoutes } from './features/editions/admin-routes';
import { followUpAdminRoutes } from './features/follow-ups/admin-routes';
import { webinarAdminRoutes } from './features/webinars/admin-routes';
import { offerAdminRoutes } from './features/offers/admin-routes';
import { teamAdminRoutes } from './features/teams/admin-routes';
import { teamCheckupAdminRoutes } from './features/team-checkup/admin-routes';
import { planAdminRoutes } from './features/plans/admin-routes';
import { searchAdminRoutes } from './features/search/admin-routes';
import { bounceAdminRoutes } from './features/bounces/admin-routes';
import { deliverabilityAdminRoutes } from './features/deliverability/admin-routes';
import { registerErrorHandler } from './http/errors';
import { accessTable } from './test/access-table';
import { startTestApp, type TestApp } from './test/app';
import { signInEveryone } from './test/identities';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

/**
 * Each file of admin routes states its own guard: mounted alone, outside every other plugin and
 * hook, its routes answer 401 to visitors and 403 to members before a handler runs. What a
 * handler would need is a stand-in that fails if touched.
 */
let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
const unreachable = new Proxy(
  {},
  {
    get() {
      throw new Error('a handler ran past the admin guard');
    },
  },
) as never;

type Route = { method: string; url: string };
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'number' ? '1' : '00000000-0000-4000-8000-000000000000'));

/** A bare app with only `mount`'s routes, and those routes. */
async function alone(mount: (app: FastifyInstance) => Promise<unknown>): Promise<{ app: FastifyInstance; routes: Route[] }> {
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(cookie);
  const routes: Route[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await mount(app);
  await app.ready();
  return { app, routes };
}

const files: Record<string, (app: FastifyInstance) => Promise<unknown>> = {
  'admin/routes.ts': async (app) => app.register(adminRoutes, { ctx: t.ctx, personalDataParts: unreachable }),
  'editions/admin-routes.ts': async (app) => app.register(editionAdminRoutes, t.ctx),
  'content/admin-routes.ts': async (app) => app.register(contentAdminRoutes, { ctx: t.ctx, builder: unreachable, content: unreachable }),
  'content/images.ts (upload)': async (app) => app.register(imageUploadRoutes, t.ctx),
  'webinars/admin-routes.ts': async (app) => app.register(webinarAdminRoutes, t.ctx),
  'offers/admin-routes.ts': async (app) => app.register(offerAdminRoutes, t.ctx),
  'teams/admin-routes.ts': async (app) => app.register(teamAdminRoutes, t.ctx),
  'team-checkup/admin-routes.ts': async (app) => app.register(teamCheckupAdminRoutes, t.ctx),
  'plans/admin-routes.ts': async (app) => app.register(planAdminRoutes, { ctx: t.ctx, content: unreachable }),
  'coaching/admin-routes.ts': async (app) => app.register(coachingAdminRoutes, t.ctx),
  'follow-ups/admin-routes.ts': async (app) => app.register(followUpAdminRoutes, t.ctx),
  'checkup/admin-routes.ts': async (app) => app.register(checkupAdminRoutes, t.ctx),
  'search/admin-routes.ts': async (app) => app.register(searchAdminRoutes, { ctx: t.ctx, search: unreachable }),
  'bounces/admin-routes.ts': async (app) => app.register(bounceAdminRoutes, t.ctx),
  'deliverability/admin-routes.ts': async (app) => app.register(deliverabilityAdminRoutes, t.ctx),
};

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
  cookies = await signInEveryone(t);
});
afterAll(() => t.close());

describe('admin route files', () => {
  it.each(Object.keys(files))('%s answers 401 to visitors and 403 to members on its own', async (file) => {
    const { app, routes } = await alone(files[file]!);
    try {
      expect(routes.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const route of routes) {
        for (const [who, expected] of [
          ['visitor', 401],
          ['free', 403],
          ['premium', 403],
        ] as const) {
          const cookie = who === 'visitor' ? undefined : cookies[who];
          const res = await app.inject({
            method: route.method as 'GET',
            url: concrete(route.url),
            headers: { ...(cookie ? { cookie } : {}), ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
            ...(route.method === 'GET' ? {} : { payload: '{}' }),
          });
          if (res.statusCode !== expected) wrong.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} (expected ${expected})`);
        }
      }
      expect(wrong).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('are all of them: together they serve every admin route of the access table', async () => {
    const served: string[] = [];
    for (const mount of Object.values(files)) {
      const { app, routes } = await alone(mount);
      served.push(...routes.map((route) => `${route.method} ${route.url}`));
      await app.close();
    }
    const admin = Object.entries(accessTable)
      .filter(([, access]) => access === 'admin')
      .map(([key]) => key);
    expect(served.sort()).toEqual(admin.sort());
  });
});
