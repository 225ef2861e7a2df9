import * as accountApi from '../features/auth/api';
import { useMutation } from '../lib/query-client';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/link';
import { PageLoading } from '../components/page-loading';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { afterToastShown, toast } from '../components/ui/use-toast';
import { useUser } from '../features/auth/use-user';
import { setUser } from '../features/auth/user-store';
import { errorText } from '../lib/api';
import { storage, storageKeys } from '../lib/storage';

const ADMIN_REDIRECT_MS = 2000;

/** /admin-setup (docs/product.md §2, docs/product.md (Decisions)): the first-run way to get an admin account. */
export default function AdminSetupPage() {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const cancelRedirect = useRef<() => void>(undefined);
  useEffect(() => () => cancelRedirect.current?.(), []);

  const makeAdmin = useMutation({
    mutationFn: accountApi.makeAdmin,
    onSuccess: (updated) => {
      setUser(updated);
      toast({ title: 'Admin access granted', description: 'You are now an admin! Refresh the page to see admin features.' });
      cancelRedirect.current = afterToastShown(() => navigate('/admin'), ADMIN_REDIRECT_MS);
    },
    onError: (error) => toast({ title: 'Failed to grant admin access', description: errorText(error, '') || undefined, variant: 'destructive' }),
  });

  if (isLoading) return <PageLoading />;

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card>
        <ShieldCheck className="h-10 w-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-3 font-serif text-3xl font-bold text-stone-900">Admin Setup</h1>
        <div className="mt-4 grid gap-3 text-stone-700">
          <p>Admins manage users, allies, newsletter signups, check-up results and contact messages.</p>
          <p>
            Admin access can be claimed here only while the site has no admin yet (the first run), or by an account whose email is listed in the server&apos;s{' '}
            <code className="rounded bg-stone-100 px-1 text-sm text-stone-900">ADMIN_EMAILS</code> setting. Everyone else is asked to have an existing admin
            promote them from the admin dashboard.
          </p>
        </div>

        <div className="mt-6">
          {user ? (
            <>
              <p className="mb-4 text-sm text-stone-700" role={user.isAdmin ? 'status' : undefined}>
                Signed in as <strong className="text-stone-900">{user.email}</strong>
                {user.isAdmin && ': this account is already an admin. There is nothing to claim.'}
              </p>
              {user.isAdmin && !makeAdmin.isSuccess ? (
                <Link to="/admin" className={buttonClasses('primary', 'lg', 'w-full')}>
                  Open the Admin Dashboard
                </Link>
              ) : (
                <Button size="lg" className="w-full" disabled={makeAdmin.isPending || makeAdmin.isSuccess} onClick={() => makeAdmin.mutate()}>
                  Make Me Admin
                </Button>
              )}
            </>
          ) : (
            <>
              <p className="mb-4 text-sm text-stone-700">Sign in first with the account that should become the admin; you will come back here.</p>
              <Link to="/auth" onClick={() => storage.set(storageKeys.redirectAfterAuth, '/admin-setup')} className={buttonClasses('primary', 'lg', 'w-full')}>
                Go to Login
              </Link>
            </>
          )}
        </div>

        <Link
          to="/admin"
          className="mt-6 inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Admin Dashboard
        </Link>
      </Card>
    </div>
  );
}
