import { useNavigate } from 'react-router';
import { toast } from '../components/ui/use-toast';
import { FreeAccessList } from '../features/newsletter/free-access-list';
import { SignupForm } from '../features/newsletter/signup-form';
import { SignupLayout } from '../features/newsletter/signup-layout';
import { signupFailureText } from '../features/newsletter/use-newsletter-signup';

/** /create-profile: the third free sign-up form (docs/product.md §2, §5 and §8). */
export default function CreateProfilePage() {
  const navigate = useNavigate();
  return (
    <SignupLayout
      eyebrow="Free profile"
      title="Create your free profile"
      intro={<p>Tell us where to reach you: your resources stay unlocked on this device, and The Weekly Dish arrives every Tuesday morning.</p>}
      form={
        <>
          <h2 className="font-serif text-2xl font-bold text-stone-900">Your details</h2>
          <p className="mb-6 mt-2 text-stone-700">Only your email is required.</p>
          <SignupForm
            source="create-profile"
            name={{ label: 'First name' }}
            organization
            emailRequiredToast
            submitLabel="Create My Profile"
            pendingLabel="Creating Profile..."
            onSignedUp={(_email, answer) => navigate('/welcome', { state: { newsletter: answer } })}
            onFailed={(error) => toast({ title: 'Profile Creation Failed', description: signupFailureText(error), variant: 'destructive' })}
          />
        </>
      }
      details={
        <>
          <h2 className="mb-4 text-lg font-semibold text-stone-900">Your profile includes</h2>
          <FreeAccessList />
        </>
      }
    />
  );
}
