import type { pageEventKinds } from '#shared/events/kinds';
import { shellApiPaths } from '#shared/api/shell-paths';

/**
 * Records a first-party usage event on `path` (the page's own by default). Never throws and never
 * delays the page: keepalive lets it finish when the visitor navigates away.
 */
export function track(kind: (typeof pageEventKinds)[number], props?: Record<string, string | number | boolean>, path = location.pathname): void {
  try {
    void fetch(shellApiPaths.events, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind, path, ...(props ? { props } : {}) }),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => {});
  } catch {
    // Analytics must never break the page.
  }
}
