import { buttonClasses } from '../components/ui/button-classes';
import { useSignOut } from '../features/auth/use-sign-out';

export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" className={buttonClasses('outline', 'sm')} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
      Sign out
    </button>
  );
}
