import { useState } from 'react';
import { apiPaths } from '#shared/api/paths';
import { mailTopicLabels, mailTopics, type MailTopic, type Preferences } from '#shared/newsletter/preferences';
import { preferencesQueryKey } from '#shared/query-keys';
import { Button, buttonClasses } from '../../components/ui/button';
import { useHydrated } from '../../lib/hydrated';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';

const alertClass = 'rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800';

/** What the server drew the page with: the address's choices, or why the link is refused. */
type Looked = Preferences | { error: string };

/**
 * The email preferences of the address a signed link is for (decisions 046, 071): every kind of
 * mail it can leave. A plain form that posts by itself when scripts do not run (the server
 * answers with this page again, `saved`); with scripts, the same choices are saved in place. The
 * server draws it with the choices in it.
 */
export function PreferencesForm({ token, saved: savedByForm }: { token: string; saved: boolean }) {
  const queryClient = useQueryClient();
  const link = useQuery<Looked>({
    queryKey: preferencesQueryKey(token),
    queryFn: () => apiRequest<Preferences>('GET', `${apiPaths.newsletterPreferences}?token=${encodeURIComponent(token)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const [chosen, setChosen] = useState<Record<MailTopic, boolean> | null>(null);
  const hydrated = useHydrated();
  const save = useMutation({
    mutationFn: (topics: Record<MailTopic, boolean>) => apiRequest<Preferences>('POST', apiPaths.newsletterPreferences, { token, topics }),
    onSuccess: (answer) => {
      queryClient.setQueryData(preferencesQueryKey(token), answer);
      setChosen(null);
    },
  });

  if (link.isPending) return <p role="status">Checking your link...</p>;
  const looked = link.data;
  if (link.isError || !looked || 'error' in looked) {
    return (
      <p role="alert" className={alertClass}>
        {looked && 'error' in looked ? looked.error : errorText(link.error, 'This preferences link is not valid.')}
      </p>
    );
  }
  const current = looked;
  const topics = chosen ?? current.topics;
  const confirmation = save.isSuccess && !chosen ? save.data.message : savedByForm && !chosen && !save.isError ? 'Your choices are saved.' : null;

  return (
    <form
      method="post"
      action={apiPaths.newsletterPreferencesForm}
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate(topics);
      }}
    >
      <input type="hidden" name="token" value={token} />
      <p className="text-stone-700">
        Emails to <strong className="break-all">{current.email}</strong>. Untick what you no longer want, then save.
      </p>
      <fieldset className="grid gap-3">
        <legend className="sr-only">Emails you receive</legend>
        {mailTopics.map((topic) => {
          const locked = topic === 'newsletter' ? current.newsletterLocked : null;
          return (
            <label
              key={topic}
              className="flex items-start gap-3 rounded-md border border-stone-200 p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="checkbox"
                name={topic}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                checked={topics[topic]}
                disabled={Boolean(locked)}
                onChange={(event) => setChosen({ ...topics, [topic]: event.target.checked })}
              />
              <span className="grid gap-0.5">
                <span className="font-semibold text-stone-900">{mailTopicLabels[topic].name}</span>
                <span className="text-sm text-stone-700">{locked ?? mailTopicLabels[topic].about}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="text-sm text-stone-700">Emails about your own account, payments and the webinars you signed up for always come.</p>
      <div className="flex flex-wrap gap-2">
        {/* A plain submit button: before (or without) the scripts this form posts by itself, which is
            what it is for; the site's Button waits for the scripts. */}
        <button type="submit" className={buttonClasses('primary', 'md')} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save my choices'}
        </button>
        {hydrated && (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => setChosen(Object.fromEntries(mailTopics.map((topic) => [topic, false])) as Record<MailTopic, boolean>)}
          >
            Untick all
          </Button>
        )}
      </div>
      {confirmation && (
        <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900">
          {confirmation}{' '}
          {Object.values(current.topics).some(Boolean)
            ? `You receive: ${mailTopics
                .filter((topic) => current.topics[topic])
                .map((topic) => mailTopicLabels[topic].name)
                .join(', ')}.`
            : 'You receive none of these emails.'}
        </p>
      )}
      {save.isError && (
        <p role="alert" className={alertClass}>
          {errorText(save.error, 'Your choices were not saved. Please try again.')}
        </p>
      )}
    </form>
  );
}
