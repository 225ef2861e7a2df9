import { useUser } from './use-user';
import { useSiteConfig } from '../site/use-site-config';
import { storage, storageKeys, useStoredValue } from '../../lib/storage';

/** Pure rules of docs/product.md §4, so they can be tested without a browser. */
export function computeAccess(input: { user: { isPremium: boolean } | null; newsletterFlag: boolean; demoMode: boolean }) {
  const hasPremiumAccess = Boolean(input.user?.isPremium) || input.demoMode;
  const isSignedIn = input.user !== null || input.demoMode;
  const hasFreeAccess = hasPremiumAccess || isSignedIn || input.newsletterFlag || input.demoMode;
  return { isSignedIn, hasFreeAccess, hasPremiumAccess };
}

/** Stores the newsletter flag and email (docs/product.md §3's names), unlocking free gated content at once. */
export function grantNewsletterAccess(email: string): void {
  storage.set(storageKeys.newsletterSignup, 'true');
  storage.set(storageKeys.newsletterEmail, email.trim());
}

/** The newsletter flag; false on the server and while hydrating (see useStoredValue). */
export function useNewsletterFlag(): boolean {
  return useStoredValue(storageKeys.newsletterSignup) === 'true';
}

/**
 * Access levels for display only: the server decides what data anyone gets. Demo mode comes
 * from the server's setting, never from something a visitor can set (docs/product.md (Decisions)).
 */
export function useAccess() {
  const { user, isLoading } = useUser();
  const newsletterFlag = useNewsletterFlag();
  const demoMode = useSiteConfig()?.demoMode ?? false;
  return { ...computeAccess({ user, newsletterFlag, demoMode }), user, isLoading, newsletterFlag };
}
