import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ROUND_MAX_DAYS, ROUND_MAX_OUTSIDE, ROUND_MINIMUM, ROUND_NAME_MAX, type TeamRoundsView } from '#shared/team-checkup/schemas';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { useToday } from '../../lib/dates';
import { useSiteDates } from '../site/use-site-dates';
import { useStartRound } from './api';
import { closingDays, siteToday } from './closing-days';
import { emailLines, type StartFormInput, type StartFormOutput, startFormSchema } from './start-form-schema';

/** The first refused address, named: a list says which line to fix. */
function emailsError(errors: FieldErrors<StartFormInput>, typed: unknown): string | undefined {
  const field = errors.emails as (FieldErrors & { message?: string }) | undefined;
  if (!field) return undefined;
  if (typeof field.message === 'string') return field.message;
  const lines = emailLines(typed) as string[];
  for (const [index, line] of lines.entries()) {
    const message = (field as unknown as Record<number, { message?: string } | undefined>)[index]?.message;
    if (message) return `${line}: ${message}`;
  }
  return undefined;
}

/**
 * "Start a round": its name, the closing day (14 days ahead unless changed, at most 60, on the
 * site's clock) and who is asked: the team's people by checkbox, anyone else by address. The
 * server mails each a personal link; the new round's page opens.
 */
export function RoundStartForm({ people }: { people: TeamRoundsView['people'] }) {
  const { timeZone } = useSiteDates();
  const today = siteToday(useToday(), timeZone);
  const days = useMemo(() => closingDays(today), [today]);
  const schema = useMemo(() => startFormSchema(days), [days]);
  const form = useForm<StartFormInput, unknown, StartFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', closesOn: days.usual, memberIds: people.map((person) => person.userId), emails: '' },
  });
  const { errors } = form.formState;
  const start = useStartRound();
  const navigate = useNavigate();
  const peopleError = (errors as FieldErrors<StartFormInput & { people: string }>).people?.message ?? errors.memberIds?.message;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const started = await start.mutateAsync(input);
      toast({ title: 'Round started', description: 'Everyone you asked gets an email with their own link.' });
      navigate(`/team-checkup/rounds/${started.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        const fields = error.errors ?? {};
        const known = (['name', 'closesOn', 'memberIds', 'emails'] as const).filter((field) => fields[field]);
        for (const field of known) form.setError(field, { message: fields[field] });
        if (known.length === 0) form.setError('root', { message: errorText(error, 'Please try again.') });
      } else toast({ title: 'Round not started', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-labelledby="start-round-heading">
      <TextField
        label="Name of the round"
        placeholder="Spring board retreat"
        maxLength={ROUND_NAME_MAX}
        hint="Everyone you ask sees it in their email."
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Closing date"
        type="date"
        min={days.first}
        max={days.last}
        hint={`Answers can be given until the end of this day. At most ${ROUND_MAX_DAYS} days from today.`}
        error={errors.closesOn?.message}
        className="max-w-xs"
        {...form.register('closesOn')}
      />
      <fieldset className="grid gap-2" aria-describedby={peopleError ? 'round-people-error' : undefined}>
        <legend className="text-sm font-medium text-stone-800">Who is asked from your team</legend>
        {people.length === 0 ? (
          <p className="text-sm text-stone-700">Nobody holds a seat on your team yet: ask people by email below.</p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
            {people.map((person) => (
              <li key={person.userId}>
                <label className="flex items-start gap-2 rounded-md border border-stone-200 bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                  <input type="checkbox" value={person.userId} className="mt-1 h-4 w-4 shrink-0 accent-brand-700" {...form.register('memberIds')} />
                  <span className="min-w-0 wrap-anywhere">
                    <span className="block font-medium text-stone-900">{person.name}</span>
                    <span className="block text-sm text-stone-700">{person.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <TextAreaField
        label="People from outside the team (optional)"
        rows={4}
        placeholder={'chair@example.org\ntreasurer@example.org'}
        hint={`Board members, volunteers: one email address a line, up to ${ROUND_MAX_OUTSIDE}. They need no account.`}
        error={emailsError(errors, form.getValues('emails'))}
        {...form.register('emails')}
      />
      {peopleError && (
        <p id="round-people-error" role="alert" className="text-sm text-red-700">
          {peopleError}
        </p>
      )}
      {errors.root?.message && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {errors.root.message}
        </p>
      )}
      <p className="text-sm text-stone-700">
        Nobody sees anyone&apos;s own answers, you included. The team&apos;s result shows once {ROUND_MINIMUM} people have answered.
      </p>
      <Button type="submit" disabled={start.isPending} className="justify-self-start">
        {start.isPending ? 'Starting…' : 'Start the round'}
      </Button>
    </form>
  );
}
