import { BookOpenCheck, CheckCircle2, MessagesSquare, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/link';
import { site } from '#shared/site';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useUser } from '../features/auth/use-user';
import { useRefreshUserOnce } from '../features/membership/use-refresh-user-once';
import { storage, storageKeys } from '../lib/storage';

const whatsNext = [
  'A welcome email is on its way, with your invitation to the private Slack community (Slack access within 24 hours).',
  'A receipt for your payment arrives in a separate email.',
  `Open the Allies Directory and browse ${site.vettedAllies} vetted vendors, with member offers.`,
  'Book your first 60-minute coaching session from your premium resources.',
];

/**
 * /premium-success (docs/product.md §2): where /subscribe returns after payment. A page "only when
 * logged in": a visitor is sent to sign in and brought back. It tells the truth, as
 * /premium-welcome does: confirming while the payment is applied (one refresh after 2 seconds),
 * welcome once premium, and "not active" with the plans otherwise.
 */
export default function PremiumSuccessPage() {
  const refreshed = useRefreshUserOnce();
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoading || user) return;
    storage.set(storageKeys.redirectAfterAuth, '/premium-success');
    navigate('/auth', { replace: true });
  }, [isLoading, user, navigate]);
  if (isLoading || !user) return <PageLoading />;
  const active = user.isPremium;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Thank you for going premium!</h1>
        <p className="mt-3 text-lg text-stone-700" role="status">
          {active
            ? 'Your premium membership is active.'
            : refreshed
              ? 'Your premium membership is not active. If you have just paid, it can take a minute: this page is safe to reload.'
              : 'We are confirming your payment with the card provider; this page updates in a moment.'}
        </p>
        {refreshed && !active && (
          <Link to="/pricing" className={buttonClasses('primary', 'md', 'mt-6')}>
            See the plans
          </Link>
        )}
      </div>
      {(active || !refreshed) && (
        <Card className="mt-10">
          <h2 className="font-serif text-xl font-bold text-stone-900">What's next</h2>
          <ol className="mt-4 grid list-decimal gap-3 pl-5 text-stone-800">
            {whatsNext.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </Card>
      )}
      <div className="mt-8 grid gap-3 sm:grid-cols-3">
        <Link to="/allies" className={buttonClasses('accent', 'md')}>
          <Users className="h-4 w-4" aria-hidden="true" />
          Allies Directory
        </Link>
        <Link to="/premium-resources#slack-community" className={buttonClasses('outline', 'md')}>
          <MessagesSquare className="h-4 w-4" aria-hidden="true" />
          Slack Community
        </Link>
        <Link to="/premium" className={buttonClasses('outline', 'md')}>
          <BookOpenCheck className="h-4 w-4" aria-hidden="true" />
          Premium
        </Link>
      </div>
    </div>
  );
}
