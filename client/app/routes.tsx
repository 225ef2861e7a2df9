import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { matchRoute } from '#shared/routes';
import { type Preloadable, preloadable } from '../lib/preloadable';
import type { RenderFacts } from '../lib/render-facts';
import { Layout } from './layout';

/** What a page's `preload` may use to have everything its first render shows ready. */
export interface PreloadContext {
  pathname: string;
  facts: RenderFacts;
  /** The server's render's client, or the browser's (loading TanStack Query only for the pages that ask). */
  queryClient: () => Promise<QueryClient>;
}

interface PageModule {
  default: ComponentType;
  /**
   * Loads what the page's first render shows besides its own module: lazy parts, and static
   * content its queries read (put in the query cache), so server and browser render it at once.
   */
  preload?: (context: PreloadContext) => Promise<unknown> | undefined;
}

/**
 * The screen of each route of the shared route table (its `page`), each its own chunk so a visit
 * loads only what it shows. The server renders only after the route's module has loaded, and
 * the browser loads it before hydrating (`preloadPage`), so both render the page itself at once,
 * never a loading fallback in its place; later navigations load their page lazily.
 */
const pageModules = import.meta.glob<PageModule>('../pages/*.tsx');

const pages = new Map<string, Preloadable<object> & { module?: PageModule }>();

function page(name: string) {
  const known = pages.get(name);
  if (known) return known;
  const load = pageModules[`../pages/${name}.tsx`];
  if (!load) throw new Error(`No page client/pages/${name}.tsx`);
  const entry: Preloadable<object> & { module?: PageModule } = preloadable(async () => {
    entry.module = await load();
    return entry.module.default;
  });
  pages.set(name, entry);
  return entry;
}

const pageName = (pathname: string) => {
  const route = matchRoute(pathname);
  return route ? (route.page ?? 'placeholder') : 'not-found';
};

/**
 * Loads the module of the page at `pathname` and what its first render shows (server: before
 * rendering; browser: before hydrating).
 */
export async function preloadPage(context: PreloadContext): Promise<void> {
  const entry = page(pageName(context.pathname));
  await entry.preload();
  await entry.module?.preload?.(context);
}

const NotFound = page('not-found').Component;

/**
 * The page of the current address inside the layout. <Routes> is handed only the route the
 * shared table matches (and the not-found catch-all), not all fifty: React Router flattens,
 * ranks and compiles every route it is given on each render, which was a fifth of a server
 * render. Where two routes could match one path (/plans/new and /plans/:id), the table lists the
 * fixed one first and matchRoute takes the first, as React Router's ranking would.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  const Page = route ? page(route.page ?? 'placeholder').Component : undefined;
  return (
    <Routes>
      <Route element={<Layout />}>
        {route && Page && <Route path={route.path} element={<Page />} />}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
