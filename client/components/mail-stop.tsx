import type { ReactNode } from 'react';
import type { MailStopAnswer } from '#shared/api/mail-stop';
import { apiRequest, errorText } from '../lib/api';
import { useMutation, useQuery } from '../lib/query-client';
import { Button } from './ui/button';

export interface MailStopProps {
  token: string;
  /** The address that tells (GET `?token=`) and stops (POST `{ token }`) this kind of mail. */
  apiPath: string;
  /** What the button would stop, said to the person with their address. */
  question: (email: ReactNode) => ReactNode;
  /** Said after the server's message once stopped, if anything. */
  stoppedNote?: string;
  button: string;
  failed: string;
}

const alertClass = 'rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800';

/**
 * Stopping a kind of mail from its signed link (retake reminders, follow-ups). Opening the link
 * changes nothing (mail scanners fetch links); the button stops the mail.
 */
export function MailStop({ token, apiPath, question, stoppedNote, button, failed }: MailStopProps) {
  const link = useQuery({
    queryKey: [apiPath, token],
    queryFn: () => apiRequest<MailStopAnswer>('GET', `${apiPath}?token=${encodeURIComponent(token)}`),
    retry: false,
  });
  const stop = useMutation({ mutationFn: () => apiRequest<MailStopAnswer>('POST', apiPath, { token }) });
  if (link.isPending) return <p role="status">Checking your link...</p>;
  if (link.isError)
    return (
      <p role="alert" className={alertClass}>
        {errorText(link.error, 'This link is not valid.')}
      </p>
    );
  const email = <strong className="break-all">{link.data.email}</strong>;
  if (stop.isSuccess || link.data.stopped)
    return (
      <p role="status" className="text-stone-800">
        {stop.data?.message ?? link.data.message} {email}
        {stoppedNote ? ` ${stoppedNote}` : ''}
      </p>
    );
  return (
    <div className="grid gap-4">
      <p className="text-stone-800">{question(email)}</p>
      {stop.isError && (
        <p role="alert" className={alertClass}>
          {errorText(stop.error, failed)}
        </p>
      )}
      <Button disabled={stop.isPending} onClick={() => stop.mutate()} className="justify-self-start">
        {stop.isPending ? 'Stopping...' : button}
      </Button>
    </div>
  );
}
