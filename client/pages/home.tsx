import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../app/layout';
import { LandingPage } from '../features/landing/landing-page';
import { useAccess } from '../lib/access';

// Its own chunk: visitors on the landing page never download the member home.
const MemberHome = lazy(() => import('../features/member-home/member-home').then((m) => ({ default: m.MemberHome })));

/**
 * / : the member home for signed-in users and newsletter flag holders, the landing page for
 * everyone else, including while the user is still loading (spec point 2, decisions.md).
 * Once the member home is shown it stays for this visit of /, so a session that ends while
 * it is open is noticed there (its 'Unauthorized' notice) rather than silently swapped; a
 * new navigation to / (such as signing out) decides afresh.
 */
export default function HomePage() {
  const { user, newsletterFlag } = useAccess();
  const { key } = useLocation();
  const isMember = Boolean(user) || newsletterFlag;
  const [memberShownOn, setMemberShownOn] = useState<string | null>(null);

  // Remembered while rendering (React's "adjust state when a value changes" pattern), not in an effect.
  if (isMember && memberShownOn !== key) setMemberShownOn(key);

  if (!isMember && memberShownOn !== key) return <LandingPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <MemberHome />
    </Suspense>
  );
}
