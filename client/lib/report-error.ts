import { track } from './track';

/**
 * The `error` usage event: uncaught page errors, failed API calls and errors caught by the page's
 * error boundary. Only what says where and what kind (the source, an error's type, a status and
 * the API route with its ids replaced), never a message, which could carry what a person typed.
 * At most MAX_PER_PAGE_VIEW per page view, so a failing loop cannot flood the endpoint.
 */
export const MAX_ERRORS_PER_PAGE_VIEW = 5;
let reported = 0;

/** A new page view: a new budget (use-route-head.ts calls it with each page view). */
export function resetErrorBudget(): void {
  reported = 0;
}

/** /api/allies/3f2c…/reviews → /api/allies/:id/reviews; the query string dropped. */
export function routeOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path
    .split('/')
    .map((part) => (/^[0-9a-f]{8}-[0-9a-f]{4}-|^\d+$|^[A-Za-z0-9_-]{20,}$/i.test(part) ? ':id' : part))
    .join('/')
    .slice(0, 100);
}

export function reportError(source: 'page' | 'api' | 'boundary', props: Record<string, string | number> = {}): void {
  if (reported >= MAX_ERRORS_PER_PAGE_VIEW) return;
  reported += 1;
  track('error', { source, ...props });
}

/** An error's type (TypeError, ChunkLoadError…), safe to record: never its message. */
export const errorType = (error: unknown) => (error instanceof Error ? error.name : typeof error).slice(0, 40).replace(/[^A-Za-z0-9_]/g, '_') || 'Error';

/** Uncaught errors and unhandled rejections of the page, from now on (main.tsx). */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError('page', { type: errorType(event.error) }));
  window.addEventListener('unhandledrejection', (event) => reportError('page', { type: errorType(event.reason) }));
}
