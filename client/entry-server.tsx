import { dehydrate } from '@tanstack/react-query';
// The web-streams build, not Node's: Node's keeps an AsyncLocalStorage, and once a page is
// rendered its promise hooks would run on every promise of every request the process serves.
import { prerender } from 'react-dom/static.browser';
import { StaticRouter } from 'react-router';
import type { RenderedApp, RenderRequest } from '#shared/page-render';
import { App } from './app/app';
import { pageDataScript } from './app/page-data';
import { preloadPage } from './app/routes';
import { createQueryClient } from './lib/query-client';

/**
 * Renders a page of the app to HTML on the server (server/rendering loads the Vite SSR
 * build of this file). The page's module is loaded first and React's static prerender waits
 * for every lazy part, so the HTML is the whole page; the data the render used is handed to the
 * browser with it, so the browser's first render is the same.
 */
export async function render(request: RenderRequest): Promise<RenderedApp> {
  const facts = { userPending: request.userPending, renderedAt: new Date().toISOString() };
  const queryClient = createQueryClient({ server: true });
  // The data the server looked up goes in first: a page's preload that prefetches it then finds
  // it fresh, instead of asking an API the server cannot reach from here.
  for (const { queryKey, data } of request.queries ?? []) queryClient.setQueryData(queryKey, data);
  await preloadPage({ pathname: new URL(request.url, 'http://localhost').pathname, facts, queryClient: async () => queryClient });
  const handedOver = new Set((request.queries ?? []).map((query) => JSON.stringify(query.queryKey)));

  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StaticRouter location={request.url}>
      <App queryClient={queryClient} siteConfig={request.siteConfig} facts={facts} />
    </StaticRouter>,
    {
      onError: (error) => void errors.push(error),
      // Every part inline, in order: React would otherwise move large parts to the end of the
      // document and put them in place with an inline script, which the CSP forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  const queries = handedOver.size ? dehydrate(queryClient, { shouldDehydrateQuery: (query) => handedOver.has(JSON.stringify(query.queryKey)) }) : undefined;
  queryClient.clear();
  return { html, pageData: pageDataScript({ ...facts, siteConfig: request.siteConfig, ...(queries ? { queries } : {}) }), errors };
}
