import { Sparkles } from 'lucide-react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { storage, storageKeys } from '../../lib/storage';

/**
 * A premium announcement's page for someone who may not read it: a visitor signs in (and comes
 * back here), a free member sees the plans. Premium members read the edition itself.
 */
export function PremiumEditionGate({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <Card className="text-center">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Sparkles className="h-6 w-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900">{signedIn ? 'Premium Access Required' : 'Sign in to read this edition'}</h1>
        <p className="mt-3 text-stone-700">
          {signedIn
            ? 'This edition of The Weekly Dish is for premium members. Join them to read it, and every announcement after it.'
            : 'This edition of The Weekly Dish is for premium members. Sign in with your premium account to read it here.'}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {!signedIn && (
            // Back to this edition after signing in (docs/product.md (Decisions), "/api/login as a navigation").
            <Link to="/auth" className={buttonClasses('primary', 'md')} onClick={() => storage.set(storageKeys.redirectAfterAuth, pathname)}>
              Sign in
            </Link>
          )}
          <Link to="/pricing" className={buttonClasses(signedIn ? 'primary' : 'outline', 'md')}>
            See plans
          </Link>
        </div>
      </Card>
    </div>
  );
}
