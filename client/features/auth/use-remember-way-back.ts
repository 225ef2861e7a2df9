import { useLocation } from 'react-router';
import { rememberRedirectAfterAuth } from './redirect-after-auth';

/**
 * For a link to /auth from a page that asks for sign-in: remembers this page, its query and
 * fragment kept (an offer's code), as where signing in or creating an account returns to; or
 * `to`, the page the link is for ("Sign in to make a plan" returns to the plan's page).
 */
export function useRememberWayBack(to?: string): () => void {
  const { pathname, search, hash } = useLocation();
  return () => rememberRedirectAfterAuth(to ?? `${pathname}${search}${hash}`);
}
