import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Pillar, pillars } from '#shared/checkup/questions';
import type { LibraryAction } from '#shared/plans/library';
import { PLAN_LIMITS, type PlanProposal } from '#shared/plans/schemas';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { useSiteDates } from '../site/use-site-dates';
import { useCreatePlan } from './api';
import { actionErrors, createInput, type DraftAction, draftOf, type FormErrors, formErrors, formLevelErrors, prioritiesToShow } from './plan-form';
import { pillarName, priorityTitle, statementText } from './plan-texts';
import { LibraryLinks } from './library-links';

const pillarOptions = pillars.map((pillar) => ({ value: pillar, label: pillarName(pillar) }));

/**
 * "Make a plan": the proposal's priorities with the library's suggestions to tick, actions of the
 * person's own, and for each chosen action its owner, due date and note; the reassessment date.
 * Checked with the shared schema before it is sent; the server's field errors go under the same fields.
 */
export function MakePlanForm({ proposal, userId }: { proposal: PlanProposal; userId: string }) {
  const dates = useSiteDates();
  const team = proposal.kind === 'team';
  // A personal plan's actions are the person's own; a team plan's start with whoever makes it, when they may own one.
  const defaultOwner = team ? (proposal.owners.some((owner) => owner.userId === userId) ? userId : '') : (proposal.owners[0]?.userId ?? userId);
  const [chosen, setChosenList] = useState<DraftAction[]>([]);
  const [ownCount, setOwnCount] = useState(0);
  const [reassessOn, setReassessOn] = useState(proposal.defaultReassessOn);
  // The schema's verdict is kept up to date once the person has tried to send; the server's errors until the next change.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const create = useCreatePlan();
  const navigate = useNavigate();
  const shown = prioritiesToShow(proposal);
  const setChosen = (next: (list: DraftAction[]) => DraftAction[]) => {
    setServerErrors({});
    setChosenList(next);
  };
  const input = createInput(proposal, chosen, reassessOn);
  const errors: FormErrors = { ...(submitted ? formErrors(input) : {}), ...serverErrors };

  const toggle = (suggestion: LibraryAction, on: boolean) =>
    setChosen((list) => (on ? [...list, draftOf(suggestion, defaultOwner)] : list.filter((action) => action.key !== suggestion.slug)));
  const change = (key: string, patch: Partial<DraftAction>) =>
    setChosen((list) => list.map((action) => (action.key === key ? { ...action, ...patch } : action)));
  const addOwn = (title: string, pillar: Pillar) => {
    setChosen((list) => [
      ...list,
      { key: `own-${ownCount + 1}`, librarySlug: null, title, pillar, questionId: null, ownerId: defaultOwner, dueOn: '', note: '' },
    ]);
    setOwnCount(ownCount + 1);
  };
  const remove = (key: string) => setChosen((list) => list.filter((action) => action.key !== key));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(formErrors(input)).length > 0) return;
    try {
      const plan = await create.mutateAsync(input);
      toast({ title: 'Plan made', description: team ? "Your team's people see it and can change it." : 'Only you see it.' });
      navigate(`/plans/${plan.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        setServerErrors(error.errors && Object.keys(error.errors).length > 0 ? error.errors : { form: error.serverMessage });
      else toast({ title: 'The plan was not made', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const indexOf = (key: string) => chosen.findIndex((action) => action.key === key);
  const own = chosen.filter((action) => action.librarySlug === null);
  const problems = formLevelErrors(errors);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8" aria-label="Make a plan">
      {shown.map(({ key, priority, suggestions }) => (
        <section key={key} aria-labelledby={`priority-${key}`} className="grid gap-3">
          <h2 id={`priority-${key}`} className="font-serif text-2xl font-bold text-stone-900">
            {priorityTitle(priority)}
          </h2>
          {priority.kind === 'statement' && <p className="text-stone-700">“{statementText(priority.questionId)}”</p>}
          {suggestions.length === 0 ? (
            <p className="text-stone-700">The library has no suggestions here yet: add your own action below.</p>
          ) : (
            <ul className="grid gap-3" aria-label={`Suggestions: ${priorityTitle(priority)}`}>
              {suggestions.map((suggestion) => {
                const index = indexOf(suggestion.slug);
                return (
                  <li key={suggestion.slug} className="rounded-lg border border-stone-200 bg-white p-4 has-[:checked]:border-brand-600">
                    <label className="flex items-start gap-3">
                      <input
                        type="checkbox"
                        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                        checked={index >= 0}
                        onChange={(event) => toggle(suggestion, event.target.checked)}
                      />
                      <span className="min-w-0">
                        <span className="block font-semibold text-stone-900">{suggestion.title}</span>
                        {suggestion.why && <span className="mt-1 block text-sm text-stone-700">{suggestion.why}</span>}
                      </span>
                    </label>
                    <LibraryLinks links={suggestion.links} className="mt-2 ml-7" />
                    {index >= 0 && (
                      <ChosenFields
                        action={chosen[index]!}
                        index={index}
                        proposal={proposal}
                        errors={errors}
                        onChange={(patch) => change(suggestion.slug, patch)}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}

      <section aria-labelledby="own-actions-heading" className="grid gap-3">
        <h2 id="own-actions-heading" className="font-serif text-2xl font-bold text-stone-900">
          Your own actions
        </h2>
        {own.length > 0 && (
          <ul className="grid gap-3" aria-label="Your own actions">
            {own.map((action) => {
              const index = indexOf(action.key);
              return (
                <li key={action.key} className="rounded-lg border border-brand-600 bg-white p-4">
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                    <TextField
                      label="Action"
                      value={action.title}
                      maxLength={PLAN_LIMITS.title}
                      error={actionErrors(errors, index).title}
                      onChange={(event) => change(action.key, { title: event.target.value })}
                    />
                    <SelectField
                      label="Pillar"
                      placeholder="Choose a pillar"
                      options={pillarOptions}
                      value={action.pillar}
                      error={actionErrors(errors, index).pillar}
                      onChange={(event) => change(action.key, { pillar: event.target.value as Pillar })}
                    />
                  </div>
                  <ChosenFields action={action} index={index} proposal={proposal} errors={errors} onChange={(patch) => change(action.key, patch)} />
                  <Button variant="outline" size="sm" className="mt-3" onClick={() => remove(action.key)}>
                    Remove “{action.title || 'this action'}”
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <AddOwnAction onAdd={addOwn} defaultPillar={proposal.priorities[0]?.priority.pillar ?? pillars[0]!} />
      </section>

      <section aria-labelledby="reassess-heading" className="grid gap-2">
        <h2 id="reassess-heading" className="font-serif text-2xl font-bold text-stone-900">
          When to look again
        </h2>
        <TextField
          label="Reassessment date"
          type="date"
          className="sm:max-w-md"
          value={reassessOn}
          error={errors.reassessOn}
          hint={
            team
              ? 'On this day we remind your team to start the next team round. It replaces the usual Check-Up reminder.'
              : 'On this day we remind you to take the Check-Up again. It replaces the usual Check-Up reminder.'
          }
          onChange={(event) => {
            setServerErrors({});
            setReassessOn(event.target.value);
          }}
        />
      </section>

      {proposal.activePlan && (
        <p className="rounded-md border border-accent-600/40 bg-accent-100 p-3 text-stone-800">
          {team ? 'Your team has' : 'You have'} a plan already, started {dates.long(proposal.activePlan.startedAt)}. Making this one closes it; it stays among
          your earlier plans.
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {Object.keys(errors).length > 0 && problems.length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          Some fields need a change: see the messages above.
        </p>
      )}
      <p className="text-sm text-stone-700">
        {chosen.length === 0 ? 'No actions chosen yet.' : `${chosen.length} ${chosen.length === 1 ? 'action' : 'actions'} chosen.`}{' '}
        {team ? "Your team's people see the plan and can change it." : 'Only you see your plan.'}
      </p>
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Making the plan…' : 'Make the plan'}
      </Button>
    </form>
  );
}

/** A chosen action's owner (a team plan: any of its people, or nobody yet), due date and note. */
function ChosenFields({
  action,
  index,
  proposal,
  errors,
  onChange,
}: {
  action: DraftAction;
  index: number;
  proposal: PlanProposal;
  errors: FormErrors;
  onChange: (patch: Partial<DraftAction>) => void;
}) {
  const fieldErrors = actionErrors(errors, index);
  return (
    <div className="mt-3 grid gap-3 border-t border-stone-200 pt-3 sm:grid-cols-2">
      {proposal.kind === 'team' ? (
        <SelectField
          label="Owner"
          placeholder="Unassigned"
          options={proposal.owners.map((owner) => ({ value: owner.userId, label: owner.name }))}
          value={action.ownerId}
          error={fieldErrors.ownerId}
          onChange={(event) => onChange({ ownerId: event.target.value })}
        />
      ) : (
        <p className="grid gap-1.5 text-sm">
          <span className="font-medium text-stone-800">Owner</span>
          <span className="py-2 text-base text-stone-900">You</span>
          {fieldErrors.ownerId && <span className="text-red-700">{fieldErrors.ownerId}</span>}
        </p>
      )}
      <TextField label="Due date" type="date" value={action.dueOn} error={fieldErrors.dueOn} onChange={(event) => onChange({ dueOn: event.target.value })} />
      <TextAreaField
        label="Note (optional)"
        rows={2}
        className="sm:col-span-2"
        maxLength={PLAN_LIMITS.note}
        value={action.note}
        error={fieldErrors.note}
        onChange={(event) => onChange({ note: event.target.value })}
      />
    </div>
  );
}

/** "Add your own action": its title and pillar; owner, date and note are then given like any chosen action's. */
function AddOwnAction({ onAdd, defaultPillar }: { onAdd: (title: string, pillar: Pillar) => void; defaultPillar: Pillar }) {
  const [title, setTitle] = useState('');
  const [pillar, setPillar] = useState<Pillar>(defaultPillar);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const add = () => {
    if (!title.trim()) {
      setError('Action is required');
      return;
    }
    onAdd(title.trim(), pillar);
    setTitle('');
    setError(undefined);
  };
  return (
    <div className="grid gap-3 rounded-lg border border-dashed border-stone-300 p-4" role="group" aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="font-semibold text-stone-900">
        Add your own action
      </p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label="What to do"
          value={title}
          maxLength={PLAN_LIMITS.title}
          error={error}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <SelectField
          label="Pillar of your action"
          placeholder="Choose a pillar"
          options={pillarOptions}
          value={pillar}
          onChange={(event) => setPillar(event.target.value as Pillar)}
        />
      </div>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={add}>
        Add this action
      </Button>
    </div>
  );
}
