import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headOf, pageTitle, routeHeads } from './route-heads';
import { matchRoute, routes } from './routes';

describe('route table', () => {
  it('holds every route of docs/product.md §2 once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/auth',
      '/newsletter',
      '/free-resources',
      '/create-profile',
      '/start-here',
      '/resources',
      '/checkup',
      '/contact',
      '/field-guides',
      '/five-pillars',
      '/weekly-dish',
      '/subscribe',
      '/field-guide/gears',
      '/field-guide/humans',
      '/field-guide/future',
      '/field-guide/fuel',
      '/field-guide/impact',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
      '/pricing',
      '/premium',
      '/premium-resources',
      '/premium-signup',
      '/allies/preview',
      '/field-guides/preview',
      '/toolkits/preview',
      '/slack/preview',
      '/coaching/preview',
      '/welcome',
      '/premium-welcome',
      '/allies/submit',
      '/allies/submit/success',
      '/admin-setup',
      '/allies',
      '/premium-success',
      '/admin',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('gives every route a title and a description of search-result length', () => {
    for (const route of routes) {
      expect(headOf(route)?.title.length, route.path).toBeGreaterThan(3);
      expect(headOf(route)?.description.length, route.path).toBeGreaterThan(20);
      expect(headOf(route)?.description.length, route.path).toBeLessThanOrEqual(170);
    }
    // No head for a route that is gone.
    expect(Object.keys(routeHeads).sort()).toEqual(routes.map((route) => route.path).sort());
  });

  it('names a screen file that exists for every route', () => {
    for (const route of routes) expect(existsSync(`client/pages/${route.page ?? 'placeholder'}.tsx`), route.path).toBe(true);
  });

  it('matches exact paths, a trailing slash and parameters', () => {
    expect(matchRoute('/pricing')?.path).toBe('/pricing');
    expect(matchRoute('/pricing/')?.path).toBe('/pricing');
    expect(matchRoute('/checkup/results/3f2c')?.path).toBe('/checkup/results/:id');
    expect(matchRoute('/checkup/results/')).toBeUndefined();
    expect(matchRoute('/pricing/extra')).toBeUndefined();
    // A fixed segment is listed before the parameter that would also match it.
    expect(matchRoute('/plans/new')?.path).toBe('/plans/new');
    expect(matchRoute('/plans/5d3f7c1e-8a2b-4c6d-9e0f-1a2b3c4d5e6f')?.path).toBe('/plans/:id');
    expect(matchRoute('/nope')).toBeUndefined();
  });

  it('suffixes the site name except on the home page', () => {
    expect(pageTitle({ title: 'Pricing' }, '/pricing')).toBe('Pricing | Nonprofit Leaders Hub');
    expect(pageTitle({ title: 'Home' }, '/')).toBe('Home');
  });
});
