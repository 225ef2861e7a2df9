import { dehydrate } from '@tanstack/react-query';
// The web-streams build, not Node's: Node's keeps an AsyncLocalStorage, and once a page is
// rendered its promise hooks would run on every promise of every request the process serves.
import { prerender } from 'react-dom/static.browser';
import { renderToString } from 'react-dom/server.browser';
import type { ReactElement } from 'react';
import { StaticRouter } from 'react-router';
import type { RenderedApp, RenderRequest } from '#shared/page-render';
import { App } from './app/app';
import { pageDataScript } from './app/page-data';
import { preloadPage } from './app/routes';
import { createQueryClient } from './lib/query-client';

/**
 * Renders a page of the app to HTML on the server (server/rendering loads the Vite SSR
 * build of this file). The page's module is loaded first, and where anything still waits React's
 * static prerender waits for it, so the HTML is the whole page; the data the render used is
 * handed to the browser with it, so the browser's first render is the same. `pass` asks for one
 * of the two ways only (a test compares them).
 */
export async function render(request: RenderRequest, options: { pass?: 'at-once' | 'waiting' } = {}): Promise<RenderedApp> {
  const facts = { userPending: request.userPending, renderedAt: new Date().toISOString() };
  const queryClient = createQueryClient({ server: true });
  // The data the server looked up goes in first: a page's preload that prefetches it then finds
  // it fresh, instead of asking an API the server cannot reach from here.
  for (const { queryKey, data } of request.queries ?? []) queryClient.setQueryData(queryKey, data);
  await preloadPage({ pathname: new URL(request.url, 'http://localhost').pathname, facts, queryClient: async () => queryClient });
  const handedOver = new Set((request.queries ?? []).map((query) => JSON.stringify(query.queryKey)));

  const app = (
    <StaticRouter location={request.url}>
      <App queryClient={queryClient} siteConfig={request.siteConfig} facts={facts} />
    </StaticRouter>
  );
  const errors: unknown[] = [];
  const atOnce = options.pass === 'waiting' ? undefined : renderedAtOnce(app);
  if (options.pass === 'at-once' && atOnce === undefined) throw new Error(`${request.url} could not be drawn in one pass`);
  const html = atOnce ?? (await renderedWaiting(app, errors));
  const queries = handedOver.size ? dehydrate(queryClient, { shouldDehydrateQuery: (query) => handedOver.has(JSON.stringify(query.queryKey)) }) : undefined;
  queryClient.clear();
  return { html, pageData: pageDataScript({ ...facts, siteConfig: request.siteConfig, ...(queries ? { queries } : {}) }), errors };
}

/**
 * The page in one synchronous pass, when nothing in it waits: its module was loaded by
 * preloadPage and its data is in the cache, as on every render once the process has drawn the
 * page before. Several times cheaper than the static prerender, whose web-streams build encodes
 * every attribute to bytes one by one and decodes them again (a third of a results page's CPU).
 * Undefined when a part suspended or failed (React left a boundary for the browser to render,
 * marked <!--$!-->): the page is then drawn again by the prerender, which waits for it.
 */
function renderedAtOnce(app: ReactElement): string | undefined {
  try {
    const html = renderToString(app);
    return html.includes('<!--$!') ? undefined : html;
  } catch {
    return undefined;
  }
}

/** React's static prerender: waits for every lazy part and every query the render starts. */
async function renderedWaiting(app: ReactElement, errors: unknown[]): Promise<string> {
  const { prelude } = await prerender(app, {
    onError: (error) => void errors.push(error),
    // Every part inline, in order: React would otherwise move large parts to the end of the
    // document and put them in place with an inline script, which the CSP forbids.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}
