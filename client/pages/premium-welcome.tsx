import { BookOpenCheck, Crown, Headphones, MessagesSquare, Presentation, Users, Video } from 'lucide-react';
import { Navigate } from 'react-router';
import { Link } from '../components/link';
import { site } from '#shared/site';
import { buttonClasses } from '../components/ui/button';
import { useUser } from '../features/auth/use-user';
import { useRefreshUserOnce } from '../features/membership/use-refresh-user-once';
import { CountdownNotice } from '../features/welcome/countdown-notice';

const benefits = [
  { icon: Users, title: 'Allies Directory', text: `${site.vettedAllies} vetted vendors for nonprofits, with peer reviews, pricing and contact details.` },
  {
    icon: BookOpenCheck,
    title: 'Expanded Field Guides & Toolkits',
    text: 'The in-depth field guides and ready-to-use toolkits for governance, finance, operations and fundraising.',
  },
  {
    icon: MessagesSquare,
    title: 'Private Slack Community',
    text: `${site.communityMembers} members: ask questions, share wins and swap templates with peers.`,
  },
  { icon: Video, title: 'Monthly 1:1 Coaching', text: 'One 60-minute session per month with a coach, by video or phone.' },
  { icon: Presentation, title: 'Expert Webinars', text: 'Monthly webinars with experts, plus a recording library to catch up anytime.' },
  { icon: Headphones, title: 'Priority Support', text: 'Your questions go to the front of the line.' },
];

/**
 * /premium-welcome: where checkout returns. The six unlocked benefits and back to the dashboard
 * after 10 seconds (docs/product.md §2). Premium comes only from the server's confirmed payment, so
 * until the member's data says premium the page says the payment is being confirmed, and after
 * the one refresh that it is not active yet. A visitor who is not signed in is sent to /premium,
 * which explains how to become a member.
 */
export default function PremiumWelcomePage() {
  const refreshed = useRefreshUserOnce();
  const { user, isLoading } = useUser();
  const confirmed = Boolean(user?.isPremium);
  if (!isLoading && !user) return <Navigate to="/premium" replace />;
  return (
    <div className="bg-gradient-to-b from-accent-100 via-brand-50 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        <div className="text-center">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-accent-600 text-white">
            <Crown className="h-8 w-8" aria-hidden="true" />
          </span>
          <h1 className="mt-6 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Welcome to Premium!</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700" role="status">
            {confirmed
              ? 'Thank you for joining. Everything below is now unlocked for you.'
              : isLoading
                ? 'Checking your membership…'
                : refreshed
                  ? 'Your premium membership is not active yet. If you have just paid, it can take a minute: this page is safe to reload.'
                  : 'Thank you! We are confirming your payment with the card provider; this page updates in a moment.'}
          </p>
          {refreshed && !isLoading && !confirmed && (
            <Link to="/pricing" className={buttonClasses('primary', 'md', 'mt-6')}>
              See the plans
            </Link>
          )}
        </div>

        <h2 className="sr-only">What you've unlocked</h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="premium-benefits">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <Icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
              <p className="mt-1 text-sm text-stone-700">{text}</p>
              <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-brand-700">{confirmed ? 'Unlocked' : 'Included'}</p>
            </li>
          ))}
        </ul>

        <div className="mx-auto mt-10 max-w-2xl rounded-xl border border-brand-600 bg-brand-50 p-5 text-center text-stone-800">
          <p>
            <strong>Your Slack invitation is on its way.</strong> Look for it in your inbox: Slack access is sent within 24 hours.
          </p>
        </div>

        <div className="mt-10">
          <CountdownNotice seconds={10} />
        </div>
      </div>
    </div>
  );
}
