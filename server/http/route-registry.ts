import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered (one entry per method, trailing-slash twins folded): what the authorization matrix walks. */
    apiRoutes: readonly RegisteredRoute[];
  }
}

/** Must be called before any route is registered: it records them as they come. */
export function recordApiRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  const seen = new Set<string>();
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
    // The catch-alls (`/api` and `/api/*`) are the JSON 404 for unknown API paths, not endpoints.
    if (!url.startsWith('/api/') || url.includes('*')) return;
    for (const method of [route.method].flat()) {
      const key = `${method} ${url}`;
      if (method === 'HEAD' || seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, url });
    }
  });
}
