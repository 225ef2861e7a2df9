import { useNavigate } from 'react-router';
import { takeRedirectAfterAuth } from './redirect-after-auth';
import type { User } from './use-user';
import { setUser } from './user-store';

/**
 * After a successful sign-in or registration: go to the stored redirect-after-auth path (or
 * home) and store the user as current (docs/product.md §4). Navigating first, in the same tick,
 * keeps /auth's "already signed in, go home" rule from overriding the stored path.
 */
export function useFinishSignIn(): (user: User) => void {
  const navigate = useNavigate();
  return (user) => {
    navigate(takeRedirectAfterAuth(), { replace: true });
    setUser(user);
  };
}

/** "Jane Doe", or the email when the account has no name. */
export function displayName(user: User): string {
  return user.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}
