import { type FormEvent, useId, useState } from 'react';
import { type Pillar, pillars } from '#shared/checkup/questions';
import { PLAN_LIMITS, type PlanActionInput, type PlanView } from '#shared/plans/schemas';
import { Button } from '../../components/ui/button';
import { Confirm } from '../../components/ui/confirm';
import { SelectField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { calendarDate } from '#shared/site-time';
import { ApiError, errorText } from '../../lib/api';
import { useSiteDates } from '../site/use-site-dates';
import { planRequests, usePlanChange, usePlanLibrary } from './api';
import { pillarName } from './plan-texts';

const pillarOptions = pillars.map((pillar) => ({ value: pillar, label: pillarName(pillar) }));

/** The owner a new action starts with: a personal plan's person; a team plan's actions start unassigned. */
const newOwner = (plan: PlanView) => (plan.kind === 'personal' ? (plan.owners[0]?.userId ?? null) : null);

/** Add an action: one of the library's (asked for when this part is first used), or one of your own. */
export function AddAction({ plan }: { plan: PlanView }) {
  const [from, setFrom] = useState<'library' | 'own'>('library');
  const library = usePlanLibrary(from === 'library');
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [pillar, setPillar] = useState<Pillar | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = usePlanChange(plan.id, (action: PlanActionInput) => planRequests.addAction(plan.id, action));
  const id = useId();
  const taken = new Set(plan.actions.map((action) => action.librarySlug));
  const choices = (library.data ?? []).filter((action) => !taken.has(action.slug));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let action: PlanActionInput;
    if (from === 'library') {
      const chosen = choices.find((choice) => choice.slug === slug);
      if (!chosen) return setErrors({ librarySlug: 'Choose an action from the library' });
      action = { librarySlug: chosen.slug, title: chosen.title, pillar: chosen.pillar, questionId: chosen.questionId, ownerId: newOwner(plan) };
    } else {
      const found: Record<string, string> = {};
      if (!title.trim()) found.title = 'Action is required';
      if (!pillar) found.pillar = 'Choose a pillar';
      setErrors(found);
      if (Object.keys(found).length > 0 || !pillar) return;
      action = { title: title.trim(), pillar, ownerId: newOwner(plan) };
    }
    try {
      await add.mutateAsync(action);
      setErrors({});
      setSlug('');
      setTitle('');
      toast({ title: 'Action added' });
    } catch (error) {
      setErrors(error instanceof ApiError && error.errors ? error.errors : { form: errorText(error, 'The action was not added. Please try again.') });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-stone-900">
        Add an action
      </h2>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">Where the action comes from</legend>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name={`${id}-from`} className="h-4 w-4 accent-brand-700" checked={from === 'library'} onChange={() => setFrom('library')} />
          From the library
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name={`${id}-from`} className="h-4 w-4 accent-brand-700" checked={from === 'own'} onChange={() => setFrom('own')} />
          Your own
        </label>
      </fieldset>
      {from === 'library' ? (
        library.isError ? (
          <p role="alert" className="text-red-800">
            {errorText(library.error, 'The library could not be loaded.')} Reload the page to try again.
          </p>
        ) : (
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-library`} className="text-sm font-medium text-stone-800">
              Action from the library
            </label>
            <select
              id={`${id}-library`}
              className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
              value={slug}
              aria-invalid={errors.librarySlug ? true : undefined}
              aria-describedby={errors.librarySlug ? `${id}-library-error` : undefined}
              onChange={(event) => setSlug(event.target.value)}
            >
              <option value="">{library.isPending ? 'Loading the library…' : 'Choose an action'}</option>
              {pillars.map((group) => {
                const inPillar = choices.filter((choice) => choice.pillar === group);
                return (
                  inPillar.length > 0 && (
                    <optgroup key={group} label={pillarName(group)}>
                      {inPillar.map((choice) => (
                        <option key={choice.slug} value={choice.slug}>
                          {choice.title}
                        </option>
                      ))}
                    </optgroup>
                  )
                );
              })}
            </select>
            {errors.librarySlug && (
              <p id={`${id}-library-error`} className="text-sm text-red-700">
                {errors.librarySlug}
              </p>
            )}
          </div>
        )
      ) : (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField label="What to do" value={title} maxLength={PLAN_LIMITS.title} error={errors.title} onChange={(event) => setTitle(event.target.value)} />
          <SelectField
            label="Pillar"
            placeholder="Choose a pillar"
            options={pillarOptions}
            value={pillar}
            error={errors.pillar}
            onChange={(event) => setPillar(event.target.value as Pillar | '')}
          />
        </div>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" variant="outline" className="justify-self-start" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add the action'}
      </Button>
    </form>
  );
}

/** The reassessment date: when the plan's people are reminded to take the Check-Up (a team: the next round) again. */
export function ReassessForm({ plan }: { plan: PlanView }) {
  const [reassessOn, setReassessOn] = useState(plan.reassessOn);
  const update = usePlanChange(plan.id, (day: string) => planRequests.update(plan.id, day));
  const what = plan.kind === 'team' ? 'we remind your team to start the next team round' : 'we remind you to take the Check-Up again';
  const error =
    update.error instanceof ApiError ? (update.error.errors?.reassessOn ?? update.error.serverMessage) : update.error ? 'The date was not saved.' : undefined;
  return (
    <div className="grid gap-3">
      <h2 className="font-serif text-2xl font-bold text-stone-900">When to look again</h2>
      <p className="text-stone-700" data-testid="reassess-line">
        On {calendarDate(plan.reassessOn)} {what}. This reminder replaces the usual Check-Up reminder: nobody gets both.
      </p>
      {plan.canEdit && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(reassessOn);
          }}
        >
          <TextField label="Reassessment date" type="date" value={reassessOn} error={error} onChange={(event) => setReassessOn(event.target.value)} />
          <Button type="submit" variant="outline" size="sm" disabled={reassessOn === plan.reassessOn || update.isPending}>
            Change the date
          </Button>
        </form>
      )}
    </div>
  );
}

/** Close the plan, after a yes: it is kept, read-only, among the earlier plans. */
export function ClosePlan({ plan }: { plan: PlanView }) {
  const close = usePlanChange(plan.id, () => planRequests.close(plan.id));
  return (
    <div className="grid gap-2">
      <Confirm
        title="Close this plan?"
        description="The plan is kept among your earlier plans, read-only. Its reminders stop. You can make a new plan from your next result."
        confirmLabel="Close the plan"
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => toast({ title: 'Plan closed', description: 'It is kept among your earlier plans.' }),
          })
        }
        trigger={
          <button type="button" className="justify-self-start rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50">
            Close the plan
          </button>
        }
      />
      {close.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(close.error, 'The plan was not closed. Please try again.')}
        </p>
      )}
    </div>
  );
}

/** Who did what, newest first. */
export function PlanHistory({ plan }: { plan: PlanView }) {
  const dates = useSiteDates();
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="font-serif text-2xl font-bold text-stone-900">
        History
      </h2>
      {plan.changes.length === 0 ? (
        <p className="mt-2 text-stone-700">No changes yet.</p>
      ) : (
        <ol className="mt-3 grid gap-2" aria-label="Who did what, newest first">
          {plan.changes.map((change) => (
            <li key={change.id} className="grid gap-0.5 rounded-md bg-stone-50 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
              <span className="min-w-0 wrap-anywhere text-stone-900">{change.text}</span>
              <time dateTime={change.at} className="text-sm text-stone-700">
                {dates.dateTime(change.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
