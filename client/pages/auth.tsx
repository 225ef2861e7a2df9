import { ArrowLeft } from 'lucide-react';
import { CheckList } from '../components/check-list';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { site } from '#shared/site';
import { Card } from '../components/ui/card';
import { PageLoading } from '../components/page-loading';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { PremiumOfferCard } from '../features/auth/premium-offer-card';
import { RegisterForm } from '../features/auth/register-form';
import { SignInForm } from '../features/auth/sign-in-form';
import { useFinishSignIn } from '../features/auth/use-finish-sign-in';
import { type User, useUser } from '../features/auth/use-user';
import { wayBackNotice } from '../features/auth/sign-in-purpose';
import { storageKeys, useStoredValue } from '../lib/storage';

const freeBenefits = [`All ${site.fieldGuides} field guides`, 'The health check-up tool', 'The essential resources library'];

const modes = {
  login: 'Sign In',
  register: 'Create Your Free Account',
  forgot: 'Reset Your Password',
} as const;

type Mode = keyof typeof modes;

/**
 * /auth (docs/product.md §2): the free card switches between sign-in, create-account and forgotten
 * password by links (?mode=), so each mode has its own address and the back button works.
 */
export default function AuthPage() {
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const mode: Mode = params.get('mode') === 'register' ? 'register' : params.get('mode') === 'forgot' ? 'forgot' : 'login';
  // A link that knows the person's address (a team Check-Up's answer page) fills it in.
  const initialEmail = params.get('email') ?? '';
  const finishSignIn = useFinishSignIn();
  // Set when this page signs someone in, so the stored redirect wins over "signed in: go home".
  const [signingIn, setSigningIn] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstMode = useRef(mode);
  // What signing in is for, when a page sent the visitor here (read from storage after hydration).
  const notice = wayBackNotice(useStoredValue(storageKeys.redirectAfterAuth));

  useEffect(() => {
    // A mode switch replaces the form: move focus to its heading so keyboard and screen reader users follow.
    if (mode !== firstMode.current) heading.current?.focus();
  }, [mode]);

  if (user && !signingIn) return <Navigate to="/" replace />;
  if (isLoading) return <PageLoading />;

  const onSignedIn = (signedIn: User) => {
    setSigningIn(true);
    finishSignIn(signedIn);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <Link to="/" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-stone-700 hover:text-stone-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Home
      </Link>
      <h1 className="mt-6 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Sign in or create your free account</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700">
        Free access opens every field guide, the Check-Up and the resources library. Premium adds everything listed on its card.
      </p>
      {notice && (
        <p className="mt-4 max-w-2xl rounded-md border border-brand-600/40 bg-brand-50 p-3 font-medium text-stone-900" data-testid="auth-way-back">
          {notice}
        </p>
      )}

      <div className="mt-8 grid items-start gap-6 md:grid-cols-2">
        <Card>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Free Access</p>
          <h2 ref={heading} tabIndex={-1} className="mt-2 font-serif text-2xl font-bold text-stone-900 outline-none">
            {modes[mode]}
          </h2>
          <CheckList items={freeBenefits} small className="mt-4 text-stone-800" aria-label="Free access includes" />
          <div className="mt-6 border-t border-stone-200 pt-6">
            {mode === 'login' && <SignInForm onSignedIn={onSignedIn} initialEmail={initialEmail} />}
            {mode === 'register' && <RegisterForm onSignedIn={onSignedIn} initialEmail={initialEmail} />}
            {mode === 'forgot' && <ForgotPasswordForm />}
          </div>
        </Card>
        <PremiumOfferCard />
      </div>
    </div>
  );
}
