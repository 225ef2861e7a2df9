import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';

let registered: QueryClient | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => registered;

/** Called once by query-client.ts when it loads in the browser. */
export function provideQueryClient(client: QueryClient): void {
  registered = client;
  for (const listener of listeners) listener();
}

/**
 * TanStack Query's context without TanStack Query's code: the server passes its render's client;
 * the browser's client arrives with the first module that uses queries (lib/query-client.ts),
 * which has registered it before any of its hooks render. Only the context's tiny module is in
 * the entry, so a visitor's first page loads no query library (decision 021).
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const loaded = useSyncExternalStore(subscribe, read, read);
  return <QueryClientContext.Provider value={client ?? loaded}>{children}</QueryClientContext.Provider>;
}
