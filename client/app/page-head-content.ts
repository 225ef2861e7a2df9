import { useEffect, useSyncExternalStore } from 'react';
import type { PageContent } from '#shared/head';

/**
 * A page whose title and description come from its data (an edition) tells the layout here; the
 * layout's head then says the same as the server's (shared/head.ts pageHead with content).
 */
interface HeadContent extends PageContent {
  pathname: string;
}

let current: HeadContent | null = null;
const listeners = new Set<() => void>();

function set(next: HeadContent | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function usePageHeadContent(content: HeadContent | null): void {
  const { pathname = '', title = '', description = '', noindex = false } = content ?? {};
  useEffect(() => {
    if (!pathname) return;
    set({ pathname, title, description, noindex });
    return () => set(null);
  }, [pathname, title, description, noindex]);
}

/** The content the page at `pathname` gave, if any. */
export function useHeadContentFor(pathname: string): PageContent | undefined {
  const content = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  return content && content.pathname === pathname ? { title: content.title, description: content.description, noindex: content.noindex } : undefined;
}
