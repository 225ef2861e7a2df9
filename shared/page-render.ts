import type { SiteConfig } from './site-config';

/** Data the server already has for a page, put in the query cache the page renders from (and hydrates with). */
export interface PrefilledQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** What the server asks the app's renderer (client/entry-server.tsx) for one page. */
export interface RenderRequest {
  /** Path and query of the page, as requested. */
  url: string;
  siteConfig: SiteConfig;
  /** Draw the signed-in user as loading instead of as a visitor (the member home's shell, pages that need an account). */
  userPending: boolean;
  queries?: PrefilledQuery[];
}

export interface RenderedApp {
  /** The app's HTML, for inside `#root`. */
  html: string;
  /** The `<script type="application/json">` the browser hydrates from. */
  pageData: string;
  /** Errors React met while rendering (the parts they hit are left to the browser to render). */
  errors: unknown[];
}

export type RenderPage = (request: RenderRequest) => Promise<RenderedApp>;
