import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import type { PreloadContext } from '../app/routes';
import { LandingPage } from '../features/landing/landing-page';
import { useAccess } from '../features/auth/use-access';
import { preloadable } from '../lib/preloadable';
import { storage, storageKeys } from '../lib/storage';

// Its own chunk: visitors on the landing page never download the member home.
const memberHome = preloadable(() => import('../features/member-home/member-home').then((m) => m.MemberHome));
const MemberHome = memberHome.Component;

/**
 * Loaded with the page (routes.tsx) when the member home shows at once: its shell for a visitor
 * the server saw signed in, or right after hydration for a newsletter flag holder.
 */
export const preload = ({ facts }: PreloadContext) =>
  facts.userPending || storage.get(storageKeys.newsletterSignup) === 'true' ? memberHome.preload() : undefined;

/**
 * / : the member home for signed-in users and newsletter flag holders, the landing page for
 * everyone else (docs/product.md §2, docs/product.md (Decisions)). While the account of a visitor holding the
 * signed-in hint loads, the member home's shell: the server sends it too, so a member never
 * sees the landing page flash first.
 * Once the member home is shown it stays for this visit of /, so a session that ends while
 * it is open is noticed there (its 'Unauthorized' notice) rather than silently swapped; a
 * new navigation to / (such as signing out) decides afresh.
 */
export default function HomePage() {
  const { user, isLoading, newsletterFlag } = useAccess();
  const { key } = useLocation();
  const isMember = Boolean(user) || newsletterFlag;
  const [memberShownOn, setMemberShownOn] = useState<string | null>(null);

  // Remembered while rendering (React's "adjust state when a value changes" pattern), not in an effect.
  if (isMember && memberShownOn !== key) setMemberShownOn(key);

  if (!isMember && memberShownOn !== key && !isLoading) return <LandingPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <MemberHome loading={!isMember && memberShownOn !== key} />
    </Suspense>
  );
}
