import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../components/ui/use-toast';
import { FreeAccessList } from '../features/newsletter/free-access-list';
import { SignupForm } from '../features/newsletter/signup-form';
import { SignupLayout } from '../features/newsletter/signup-layout';
import { signupFailureText } from '../features/newsletter/use-newsletter-signup';
import { useNewsletterFlag } from '../features/auth/use-access';
import { useHydrated } from '../lib/hydrated';

/** /free-resources: the second free sign-up page (docs/product.md §2, §5 and §8). */
export default function FreeResourcesPage() {
  const navigate = useNavigate();
  const hasFlag = useNewsletterFlag();
  const hydrated = useHydrated();
  // Decided on arrival, once the stored flag is known (after hydration): signing up here sets the
  // flag too, and that visitor goes to /welcome, not home.
  const [signedUpBefore, setSignedUpBefore] = useState<boolean | null>(null);
  if (hydrated && signedUpBefore === null) setSignedUpBefore(hasFlag);
  if (signedUpBefore) return <Navigate to="/" replace />;

  return (
    <SignupLayout
      eyebrow="Free for nonprofit leaders"
      title="Unlock the free resources"
      intro={<p>Enter your email once and everything below opens up, free, for good.</p>}
      form={
        <>
          <h2 className="font-serif text-2xl font-bold text-stone-900">Get free access</h2>
          <p className="mb-6 mt-2 text-stone-700">Just your email. You'll also get The Weekly Dish; unsubscribe anytime.</p>
          <SignupForm
            source="free-resources"
            emailRequiredToast
            submitLabel="Get Free Access"
            pendingLabel="Subscribing..."
            onSignedUp={(_email, answer) => navigate('/welcome', { state: { newsletter: answer } })}
            onFailed={(error) => toast({ title: 'Signup Failed', description: signupFailureText(error), variant: 'destructive' })}
          />
        </>
      }
      details={
        <>
          <h2 className="mb-4 text-lg font-semibold text-stone-900">What free access unlocks</h2>
          <FreeAccessList />
        </>
      }
    />
  );
}
