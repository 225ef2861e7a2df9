import { useSyncExternalStore } from 'react';

/** The browser-stored values of docs/product.md §3, by their exact names. */
export const storageKeys = {
  newsletterSignup: 'nish_newsletter_signup',
  newsletterEmail: 'nish_newsletter_email',
  pendingSubscription: 'pendingSubscription',
  selectedPlan: 'selectedPlan',
  redirectAfterAuth: 'redirectAfterAuth',
} as const;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * localStorage that never throws (private mode, disabled storage, the server): reads give
 * null, writes are skipped. Call it from effects and event handlers, never while rendering;
 * a component that shows a stored value reads it with `useStoredValue`.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session simply will not remember it.
    }
    notify();
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
    notify();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * A stored value that re-renders its component when it changes (here or in another tab). On
 * the server and while hydrating it is null, as on a first visit, so server and client render
 * the same HTML; the stored value takes over right after hydration.
 */
export function useStoredValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => storage.get(key),
    () => null,
  );
}
