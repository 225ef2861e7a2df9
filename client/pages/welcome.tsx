import { BookOpen, ClipboardCheck, Library, Mail, PartyPopper } from 'lucide-react';
import { Navigate, useLocation } from 'react-router';
import { Link } from '../components/link';
import type { NewsletterSignupAnswer } from '#shared/newsletter/schemas';
import { site } from '#shared/site';
import { PageLoading } from '../components/page-loading';
import { CountdownNotice } from '../features/welcome/countdown-notice';
import { useAccess } from '../features/auth/use-access';
import { newsletterNote } from '../features/newsletter/use-newsletter-signup';
import { useHydrated } from '../lib/hydrated';

const unlocked = [
  { icon: BookOpen, text: `All ${site.fieldGuides} field guides`, to: '/field-guides' },
  { icon: ClipboardCheck, text: 'The Check-Up, about 10 minutes', to: '/checkup' },
  { icon: Library, text: 'The resources library', to: '/resources' },
  { icon: Mail, text: 'The Weekly Dish, every Tuesday morning', to: '/weekly-dish' },
];

/**
 * /welcome: the free welcome after a sign-up; back to the dashboard after 6 seconds (docs/product.md §2).
 * Only for whoever has free access (the newsletter flag, or an account): anyone else is sent to
 * /free-resources, which explains how to get it. The flag lives in the browser, so the server
 * draws the loading state and the page decides after hydration. The sign-up form hands over the
 * server's answer, so the page says whether the newsletter still waits for its confirmation.
 */
export default function WelcomePage() {
  const hydrated = useHydrated();
  const { hasFreeAccess, isLoading } = useAccess();
  const signup = (useLocation().state as { newsletter?: NewsletterSignupAnswer } | null)?.newsletter;
  const note = newsletterNote(signup);
  if (!hydrated || (isLoading && !hasFreeAccess)) return <PageLoading />;
  if (!hasFreeAccess) return <Navigate to="/free-resources" replace />;
  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-2xl px-4 py-12 text-center sm:py-20">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <PartyPopper className="h-8 w-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Welcome to the community!</h1>
        <p className="mt-4 text-lg text-stone-700">
          Your free access is ready on this device{signup?.status === 'subscribed' && signup.emailed ? ', and a welcome email is on its way' : ''}. Here is what
          you've unlocked:
        </p>
        {note && <p className="mx-auto mt-4 max-w-md rounded-lg border border-brand-600 bg-white px-4 py-3 text-left font-medium text-stone-900">{note}</p>}
        <ul className="mx-auto mt-8 grid max-w-md gap-3 text-left">
          {unlocked.map(({ icon: Icon, text, to }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white px-4 py-3 font-medium text-stone-900 hover:border-brand-600 hover:bg-brand-50"
              >
                <Icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                {text}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10">
          <CountdownNotice seconds={6} />
        </div>
      </div>
    </div>
  );
}
