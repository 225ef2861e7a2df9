import { useLocation } from 'react-router';
import { rememberRedirectAfterAuth } from './redirect-after-auth';

/**
 * For a link to /auth from a page that asks for sign-in: remembers this page, its query and
 * fragment kept (an offer's code), as where signing in or creating an account returns to.
 */
export function useRememberWayBack(): () => void {
  const { pathname, search, hash } = useLocation();
  return () => rememberRedirectAfterAuth(`${pathname}${search}${hash}`);
}
