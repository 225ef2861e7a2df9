import { storage, storageKeys } from '../../lib/storage';

/**
 * Where to go after signing in (docs/product.md §3's redirect-after-auth value), read once and
 * removed. Only a path on this site is followed: one leading '/', never '//' or '/\' which
 * browsers treat as another host.
 */
export function takeRedirectAfterAuth(): string {
  const stored = storage.get(storageKeys.redirectAfterAuth);
  storage.remove(storageKeys.redirectAfterAuth);
  return stored && isSameSitePath(stored) ? stored : '/';
}

export function isSameSitePath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && ![...path].some((ch) => ch <= ' ');
}
