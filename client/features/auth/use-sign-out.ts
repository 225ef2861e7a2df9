import * as accountApi from './api';
import { useMutation, useQueryClient } from '../../lib/query-client';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { setUser } from './user-store';

/** Sign out (docs/product.md §8's toasts): the server destroys the session, the browser forgets the user and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: accountApi.signOut,
    onSuccess: () => {
      // Navigating first gives the home page a new location, so it shows the landing page
      // instead of treating the vanished user as an expired session.
      navigate('/');
      setUser(null);
      // What the previous account loaded (premium or admin data) must not stay in memory.
      queryClient.removeQueries();
      toast({ title: 'Signed out', description: 'You have been successfully signed out.' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorText(error, error.message), variant: 'destructive' }),
  });
}
