import { useId } from 'react';
import { Link } from '../components/link';
import { apiPaths } from '#shared/api/paths';
import type { AwaitingAttempt, AwaitingAttempts } from '#shared/checkup/schemas';
import { TokenLinkPage } from '../components/token-link-page';
import { Button } from '../components/ui/button';
import { textLinkClass } from '../components/ui/text-link';
import { apiRequest, errorText } from '../lib/api';
import { useSiteDates } from '../features/site/use-site-dates';
import { useMutation, useQuery, useQueryClient } from '../lib/query-client';

const alertClass = 'rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800';

/**
 * /checkup/confirm?token=…: where the email to an address's owner leads when someone took the
 * Check-Up signed out with that address. Opening it lists what waits and changes nothing; each
 * Check-Up joins the owner's progress only by its own button. Works signed out.
 */
export default function CheckupConfirmPage() {
  return (
    <TokenLinkPage
      title="Add a Check-Up to your progress"
      lead="Someone took the Check-Up with your email address without signing in. Add it to your progress only if it was you."
      linkSource="the link from the email we sent you"
      teamAction="add it for you"
    >
      {(token) => <Awaiting token={token} />}
    </TokenLinkPage>
  );
}

function Awaiting({ token }: { token: string }) {
  const queryKey = [apiPaths.checkupConfirm, token];
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey,
    queryFn: () => apiRequest<AwaitingAttempts>('GET', `${apiPaths.checkupConfirm}?token=${encodeURIComponent(token)}`),
    retry: false,
  });
  const add = useMutation({
    mutationFn: (id: string) => apiRequest<AwaitingAttempts>('POST', apiPaths.checkupConfirm, { token, id }),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
  if (list.isPending) return <p role="status">Checking your link...</p>;
  if (list.isError)
    return (
      <p role="alert" className={alertClass}>
        {errorText(list.error, 'This link is not valid.')}
      </p>
    );
  const { email, attempts } = list.data;
  return (
    <div className="grid gap-4">
      {add.isSuccess && (
        <p role="status" className="text-stone-800">
          Added. It is in your{' '}
          <Link to="/checkup/progress" className={textLinkClass}>
            Check-Up progress
          </Link>{' '}
          now.
        </p>
      )}
      {add.isError && (
        <p role="alert" className={alertClass}>
          {errorText(add.error, 'It was not added. Please try again.')}
        </p>
      )}
      {attempts.length === 0 ? (
        <p className="text-stone-800">
          No Check-Up taken with <strong className="break-all">{email}</strong> is waiting to be added.
        </p>
      ) : (
        <>
          <p className="text-stone-800">
            Taken with <strong className="break-all">{email}</strong> without signing in. If one was not you, leave it: it stays out of your account.
          </p>
          <ul className="grid gap-3">
            {attempts.map((attempt) => (
              <AttemptRow key={attempt.id} attempt={attempt} pending={add.isPending} onAdd={() => add.mutate(attempt.id)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function AttemptRow({ attempt, pending, onAdd }: { attempt: AwaitingAttempt; pending: boolean; onAdd: () => void }) {
  const taken = useSiteDates().long(new Date(attempt.createdAt));
  const described = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3">
      <p id={described} className="text-sm text-stone-800">
        <span className="block font-semibold text-stone-900">Taken on {taken}</span>
        Grade {attempt.grade}, {attempt.label}, {attempt.percent}%
      </p>
      <Button size="sm" disabled={pending} onClick={onAdd} aria-describedby={described}>
        Add to my progress
      </Button>
    </li>
  );
}
