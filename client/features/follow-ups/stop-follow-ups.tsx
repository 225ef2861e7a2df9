import { apiPaths } from '#shared/api/paths';
import { Button } from '../../components/ui/button';
import { apiRequest, errorText } from '../../lib/api';
import { useMutation, useQuery } from '../../lib/query-client';

interface StopAnswer {
  email: string;
  unsubscribed: boolean;
  message: string;
}

const alertClass = 'rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800';

/**
 * /follow-ups/unsubscribe?token=…: the link at the foot of every Check-Up follow-up. Opening it
 * changes nothing (mail scanners fetch links); the button stops the follow-ups at once.
 */
export function StopFollowUps({ token }: { token: string }) {
  const link = useQuery({
    queryKey: [apiPaths.followUpsUnsubscribe, token],
    queryFn: () => apiRequest<StopAnswer>('GET', `${apiPaths.followUpsUnsubscribe}?token=${encodeURIComponent(token)}`),
    retry: false,
  });
  const stop = useMutation({ mutationFn: () => apiRequest<StopAnswer>('POST', apiPaths.followUpsUnsubscribe, { token }) });

  if (link.isPending) return <p role="status">Checking your link...</p>;
  if (link.isError)
    return (
      <p role="alert" className={alertClass}>
        {errorText(link.error, 'This link is not valid.')}
      </p>
    );
  const email = link.data.email;
  if (stop.isSuccess || link.data.unsubscribed) {
    return (
      <p role="status" className="text-stone-800">
        {stop.data?.message ?? link.data.message} <strong className="break-all">{email}</strong> gets no more emails about its Check-Up results.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        Stop the emails that follow up on the Check-Up for <strong className="break-all">{email}</strong>? The Weekly Dish and your account are not changed.
      </p>
      {stop.isError && (
        <p role="alert" className={alertClass}>
          {errorText(stop.error, 'The follow-ups were not stopped. Please try again.')}
        </p>
      )}
      <Button disabled={stop.isPending} onClick={() => stop.mutate()}>
        {stop.isPending ? 'Stopping...' : 'Stop follow-ups'}
      </Button>
    </div>
  );
}
