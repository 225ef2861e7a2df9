import type { DehydratedState } from '@tanstack/react-query';
import type { SiteConfig } from '#shared/site-config';
import type { RenderFacts } from '../lib/render-facts';

/**
 * What the server hands the browser inside the page, next to the HTML it rendered: a
 * `<script type="application/json">`, which never runs (the CSP allows no inline script) and
 * which the client reads before hydrating, so its first render is the server's.
 */
export interface PageData extends RenderFacts {
  siteConfig: SiteConfig;
  /** The data the server looked up for this page (a Check-Up result), as TanStack Query's cache; absent on most pages. */
  queries?: DehydratedState;
}

export const pageDataElementId = 'page-data';

/** The script element carrying the data; `<` is escaped so no value can close it early. */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${pageDataElementId}">${json}</script>`;
}

/** The server's page data, or null on a page the server did not render (the Vite dev server). */
export function readPageData(): PageData | null {
  const text = document.getElementById(pageDataElementId)?.textContent;
  return text ? (JSON.parse(text) as PageData) : null;
}
