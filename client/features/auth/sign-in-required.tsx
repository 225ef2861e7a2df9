import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { signInPurpose } from './sign-in-purpose';
import { useRememberWayBack } from './use-remember-way-back';

/**
 * The spec's 'Login Required' card with 'Go to Login' (docs/product.md §2), for a page that
 * needs an account: it says what signing in is for, and signing in or creating an account
 * comes back to this page with its query (an offer's link keeps its offer).
 */
export function SignInRequired() {
  const { pathname } = useLocation();
  const rememberWayBack = useRememberWayBack();
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <h1 className="font-serif text-2xl font-bold text-stone-900">Login Required</h1>
        <p className="mt-3 text-stone-700">Sign in to {signInPurpose(pathname) ?? 'see this page'}.</p>
        <Link to="/auth" className={buttonClasses('primary', 'md', 'mt-6')} onClick={rememberWayBack}>
          Go to Login
        </Link>
      </Card>
    </div>
  );
}
