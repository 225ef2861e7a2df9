import { apiPaths } from '#shared/api/paths';
import type { SubscriberStatus } from '#shared/newsletter/schemas';
import { Button } from '../../components/ui/button';
import { apiRequest, errorText } from '../../lib/api';
import { useMutation, useQuery } from '../../lib/query-client';

interface SignupLinkAnswer {
  email: string;
  status: SubscriberStatus | 'none';
  message: string;
}

const alertClass = 'rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800';

/**
 * /unsubscribe?token=…: the link of every edition. Opening it changes nothing (mail
 * scanners fetch links); one button unsubscribes, at once, and another brings the address back.
 */
export function Unsubscribe({
  token,
  edition,
}: {
  token: string;
  /** The edition the link came from: its unsubscribes are counted, not who (decision 045). */ edition?: string;
}) {
  const link = useQuery({
    queryKey: [apiPaths.newsletterUnsubscribe, token],
    queryFn: () => apiRequest<SignupLinkAnswer>('GET', `${apiPaths.newsletterUnsubscribe}?token=${encodeURIComponent(token)}`),
    retry: false,
  });
  const unsubscribe = useMutation({
    mutationFn: () => apiRequest<SignupLinkAnswer>('POST', apiPaths.newsletterUnsubscribe, edition ? { token, edition } : { token }),
  });
  const resubscribe = useMutation({ mutationFn: () => apiRequest<SignupLinkAnswer>('POST', apiPaths.newsletterResubscribe, { token }) });

  if (link.isPending) return <p role="status">Checking your link...</p>;
  if (link.isError)
    return (
      <p role="alert" className={alertClass}>
        {errorText(link.error, 'This unsubscribe link is not valid.')}
      </p>
    );
  const email = link.data.email;
  const failure = unsubscribe.error ?? resubscribe.error;

  if (resubscribe.isSuccess) {
    return (
      <p role="status" className="text-stone-800">
        {resubscribe.data.message}
      </p>
    );
  }
  const unsubscribed = unsubscribe.isSuccess || (link.data.status === 'unsubscribed' && !unsubscribe.isPending);
  return (
    <div className="grid gap-4">
      {unsubscribed ? (
        <>
          <p role="status" className="text-stone-800">
            {unsubscribe.data?.message ?? 'You are unsubscribed from The Weekly Dish.'} <strong className="break-all">{email}</strong> will not receive another
            edition.
          </p>
          <p className="text-stone-700">Unsubscribed by mistake?</p>
          <Button variant="outline" disabled={resubscribe.isPending} onClick={() => resubscribe.mutate()}>
            {resubscribe.isPending ? 'Resubscribing...' : 'Resubscribe'}
          </Button>
        </>
      ) : link.data.status === 'subscribed' || link.data.status === 'pending' ? (
        <>
          <p className="text-stone-700">
            {link.data.status === 'pending' ? (
              // The welcome email's "not you?" link: no edition goes yet, but the signup can still be cancelled.
              <>
                <strong className="break-all">{email}</strong>: {link.data.message} Unsubscribe, and the confirmation link stops working?
              </>
            ) : (
              <>
                Stop sending The Weekly Dish to <strong className="break-all">{email}</strong>?
              </>
            )}
          </p>
          <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        </>
      ) : (
        // Bounced or unknown: nothing is being sent, so there is nothing to stop.
        <p role="status" className="text-stone-800">
          <strong className="break-all">{email}</strong>: {link.data.message}
        </p>
      )}
      {failure && (
        <p role="alert" className={alertClass}>
          {errorText(failure, 'Please try again.')}
        </p>
      )}
    </div>
  );
}

/** /newsletter/confirm?token=…: the confirmation link of a new signup (confirmed opt-in). Only the button confirms. */
export function ConfirmSignup({ token }: { token: string }) {
  const confirm = useMutation({ mutationFn: () => apiRequest<SignupLinkAnswer>('POST', apiPaths.newsletterConfirm, { token }) });
  if (confirm.isSuccess) {
    return (
      <p role="status" className="text-stone-800">
        {confirm.data.message}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">One click, and The Weekly Dish starts arriving every Tuesday morning.</p>
      {confirm.isError && (
        <p role="alert" className={alertClass}>
          {errorText(confirm.error, 'This confirmation link is not valid.')}
        </p>
      )}
      <Button disabled={confirm.isPending} onClick={() => confirm.mutate()} className="w-full">
        {confirm.isPending ? 'Confirming...' : 'Confirm my subscription'}
      </Button>
    </div>
  );
}
