import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page whose title and description come from its data (an edition) tells the layout here; the
 * layout's head then says the same as the server's (shared/head.ts pageHead with content).
 */
interface HeadContent {
  pathname: string;
  title: string;
  description: string;
}

let current: HeadContent | null = null;
const listeners = new Set<() => void>();

function set(next: HeadContent | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function usePageHeadContent(content: HeadContent | null): void {
  const { pathname = '', title = '', description = '' } = content ?? {};
  useEffect(() => {
    if (!pathname) return;
    set({ pathname, title, description });
    return () => set(null);
  }, [pathname, title, description]);
}

/** The content the page at `pathname` gave, if any. */
export function useHeadContentFor(pathname: string): { title: string; description: string } | undefined {
  const content = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  return content && content.pathname === pathname ? { title: content.title, description: content.description } : undefined;
}
