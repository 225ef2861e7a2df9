import { storage, storageKeys } from '../../lib/storage';

/** Longer than any address of ours with its query; a longer stored value is not one we wrote. */
const MAX_PATH = 2000;
const origin = 'https://same-site.invalid';

/** A backslash, a space or a control character (C0, DEL, C1). */
const hasUnsafeCharacter = (path: string) => [...path].some((ch) => ch === '\\' || /\s/.test(ch) || ch <= '\u001f' || (ch >= '\u007f' && ch <= '\u009f'));

/**
 * `path` when it is a path on this site, else null. One leading '/', never '//' or a backslash
 * (browsers read '/\' as another host), no control or space characters (the URL parser drops
 * tabs and newlines, so '/\n/evil' would become '//evil'), and nothing that resolves elsewhere:
 * dot segments such as '/..//evil' or '/%2e%2e//evil' resolve to '//evil', which a navigation
 * reads as another host, so a path whose resolved form starts with '//' is refused too.
 */
export function sameSitePath(path: string): string | null {
  if (path.length > MAX_PATH || !path.startsWith('/') || path.startsWith('//') || hasUnsafeCharacter(path)) return null;
  try {
    const url = new URL(path, origin);
    return url.origin === origin && !url.pathname.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export const isSameSitePath = (path: string): boolean => sameSitePath(path) !== null;

/**
 * Where signing in returns to (docs/product.md §3's redirect-after-auth value): the page that
 * asked for it, its query kept (an offer's code, a plan). Only a same-site path is stored.
 */
export function rememberRedirectAfterAuth(path: string): void {
  if (isSameSitePath(path)) storage.set(storageKeys.redirectAfterAuth, path);
}

/** Where to go after signing in, read once and removed; home when nothing valid is stored. */
export function takeRedirectAfterAuth(): string {
  const stored = storage.get(storageKeys.redirectAfterAuth);
  storage.remove(storageKeys.redirectAfterAuth);
  return (stored && sameSitePath(stored)) ?? '/';
}
