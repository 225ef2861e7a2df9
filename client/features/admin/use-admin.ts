import { apiPaths } from '#shared/api/paths';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';
import { afterToastShown, toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest } from '../../lib/api';

/** Every admin query key starts with 'admin': a change reloads the matching list and the cards. */
export const adminKey = (...parts: (string | number)[]) => ['admin', ...parts] as const;

/** docs/product.md §7: admin data loads only for an admin and is never retried (a 401 or 403 would not change). */
export function useAdminQuery<T>(key: readonly unknown[], path: string, enabled = true) {
  return useQuery({ queryKey: key, queryFn: () => apiRequest<T>('GET', path), enabled, retry: false, placeholderData: (previous) => previous });
}

/** docs/product.md §8: an expired admin session gets its own toast and goes to sign in. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

interface ToastText {
  title: string;
  description: string;
}

interface AdminChange<V, R> {
  request: (vars: V) => Promise<R>;
  /** The lists to reload after success (docs/product.md §7). */
  lists: string[];
  /** A sentence under the title 'Success', or a title and sentence of the change's own; null when a larger change it is a step of says its own. */
  success?: string | ((result: R, vars: V) => ToastText | null);
  /** Outreach toggles show no error (docs/product.md §8). A sentence under 'Error', or a title and sentence of the change's own. */
  failure?: string | ((error: unknown, vars: V) => ToastText);
  /** A form's: the server's words for the fields it refused go under those fields, in place of the failure toast. */
  onFieldErrors?: (errors: Record<string, string>) => void;
  /** An editor's: a save from a tab that fell behind (409) is told beside the text kept on screen, in place of the failure toast. */
  onConflict?: (message: string) => void;
}

/** The one way an admin screen changes data: the lists reloaded, then a toast; an expired session sent to sign in. */
export function useAdminChange<V, R = unknown>({ request, lists, success, failure, onFieldErrors, onConflict }: AdminChange<V, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, vars) => {
      await Promise.all([...lists, 'summary', 'activity', 'audit'].map((list) => queryClient.invalidateQueries({ queryKey: adminKey(list) })));
      // Said once the lists show the change: before, an ally moved to pending was still in the
      // approved table too, and its buttons there vanished under the admin's pointer.
      if (typeof success === 'string') toast({ title: 'Success', description: success });
      else if (success) {
        const said = success(result, vars);
        if (said) toast(said);
      }
    },
    onError: (error, vars) => {
      if (isSessionExpired(error)) {
        toast({ title: 'Unauthorized', description: 'Admin session expired. Please log in again.', variant: 'destructive' });
        afterToastShown(() => window.location.assign(apiPaths.login), 500);
        return;
      }
      if (onConflict && error instanceof ApiError && error.status === 409) onConflict(error.serverMessage);
      else if (onFieldErrors && error instanceof ApiError && error.errors) onFieldErrors(error.errors);
      else if (typeof failure === 'function') toast({ ...failure(error, vars), variant: 'destructive' });
      else if (failure) {
        // A guard rail's reason (409: the last admin) is worth showing after the spec's words.
        const reason = error instanceof ApiError && error.status === 409 ? ` ${error.serverMessage}` : '';
        toast({ title: 'Error', description: `${failure}${reason}`, variant: 'destructive' });
      }
      void Promise.all(lists.map((list) => queryClient.invalidateQueries({ queryKey: adminKey(list) })));
    },
  });
}

export const patch = (path: string, body?: unknown) => apiRequest('PATCH', path, body);
export const remove = (path: string) => apiRequest('DELETE', path);
