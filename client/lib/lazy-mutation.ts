import { useRef, useState } from 'react';

type Callbacks<Data, Variables> = {
  onSuccess?: (data: Data, variables: Variables) => void;
  onError?: (error: unknown, variables: Variables) => void;
};

type State<Data> = { status: 'idle' | 'pending' | 'success' | 'error'; data?: Data; error?: unknown };

let loading: Promise<typeof import('./query-client')> | undefined;
const loadQueryClient = () => {
  loading ??= import('./query-client');
  // A failed download may succeed next time.
  loading.catch(() => (loading = undefined));
  return loading;
};

/**
 * TanStack Query's `useMutation` for the forms on a page's first screen (sign in, the Check-Up's
 * email step, a newsletter signup), with TanStack Query's code loaded when the form is first sent
 * or `preload`ed (a field took focus), not before the page is ready: 10.6 KB the phone would
 * otherwise fetch and run before the page answers a tap (decision 093). Each send runs as a
 * mutation of the browser's one client, so its retries and the client's own reactions (a success
 * closes the failure's toast) are those of every other form.
 */
export function useLazyMutation<Data, Variables>({
  mutationFn,
  onSuccess,
  onError,
}: { mutationFn: (variables: Variables) => Promise<Data> } & Callbacks<Data, Variables>) {
  const [state, setState] = useState<State<Data>>({ status: 'idle' });
  // Only the latest send's answer is shown, as with TanStack Query's hook.
  const latest = useRef(0);

  const mutateAsync = async (variables: Variables): Promise<Data> => {
    const send = ++latest.current;
    setState({ status: 'pending' });
    try {
      const { browserQueryClient, MutationObserver } = await loadQueryClient();
      const data = await new MutationObserver<Data, unknown, Variables>(browserQueryClient(), { mutationFn }).mutate(variables);
      onSuccess?.(data, variables);
      if (send === latest.current) setState({ status: 'success', data });
      return data;
    } catch (error) {
      onError?.(error, variables);
      if (send === latest.current) setState({ status: 'error', error });
      throw error;
    }
  };

  const mutate = (variables: Variables, callbacks?: Callbacks<Data, Variables>) => {
    mutateAsync(variables).then(
      (data) => callbacks?.onSuccess?.(data, variables),
      (error: unknown) => callbacks?.onError?.(error, variables),
    );
  };

  const reset = () => {
    latest.current++;
    setState({ status: 'idle' });
  };

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
    /** Starts loading TanStack Query now, so sending does not wait for it. */
    preload: () => void loadQueryClient().catch(() => {}),
  };
}
