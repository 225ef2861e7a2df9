import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { afterToastShown, toast } from '../components/ui/use-toast';
import { Dashboard } from '../features/admin/dashboard';
import { useUser } from '../features/auth/use-user';

const NON_ADMIN_REDIRECT_MS = 1000;

/** /admin (docs/product.md §2): a spinner while the user loads; non-admins are told and sent home after 1 second. */
export default function AdminPage() {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const denied = !isLoading && !user?.isAdmin;

  useEffect(() => {
    if (!denied) return;
    toast({ title: 'Access Denied', description: 'Admin privileges required. Redirecting...', variant: 'destructive' });
    return afterToastShown(() => navigate('/'), NON_ADMIN_REDIRECT_MS);
  }, [denied, navigate]);

  if (isLoading || denied) return <PageLoading />;
  return <Dashboard />;
}
