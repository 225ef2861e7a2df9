import { apiPaths } from '#shared/api/paths';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api';
import { useMutation, useQuery } from '../../lib/query-client';
import { readReminderStop, stopCheckupReminders } from './api';

/**
 * /checkup/reminders?token=…: the retake reminder's stop link. Opening it changes nothing (mail
 * scanners fetch links); the button stops the reminders.
 */
export function ReminderStop({ token }: { token: string }) {
  const link = useQuery({ queryKey: [apiPaths.checkupRemindersStop, token], queryFn: () => readReminderStop(token), retry: false });
  const stop = useMutation({ mutationFn: () => stopCheckupReminders(token) });
  if (link.isPending) return <p role="status">Checking your link...</p>;
  if (link.isError)
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
        {errorText(link.error, 'This link is not valid.')}
      </p>
    );
  if (stop.isSuccess || link.data.stopped)
    return (
      <p role="status" className="text-stone-800">
        {stop.data?.message ?? link.data.message} <strong className="break-all">{link.data.email}</strong>
      </p>
    );
  return (
    <div className="grid gap-4">
      <p className="text-stone-800">
        <strong className="break-all">{link.data.email}</strong> gets one email offering a retake a few months after each Check-Up.
      </p>
      {stop.isError && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {errorText(stop.error, 'Please try again.')}
        </p>
      )}
      <Button disabled={stop.isPending} onClick={() => stop.mutate()} className="justify-self-start">
        {stop.isPending ? 'Stopping...' : 'Stop Check-Up reminders'}
      </Button>
    </div>
  );
}
