import { useId, useState } from 'react';
import {
  actionStatuses,
  actionStatusLabels,
  type ActionStatus,
  PLAN_LIMITS,
  type PlanActionUpdate,
  type PlanActionView,
  type PlanView,
} from '#shared/plans/schemas';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { calendarDate } from '#shared/site-time';
import { ApiError, errorText } from '../../lib/api';
import { planRequests, usePlanChange } from './api';
import { LibraryLinks } from './library-links';
import { actionStatusClass } from './plan-status';

const selectClass =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * One action of a plan: its status and owner are saved as soon as they are chosen; its due date and
 * note with their button. Each change is sent with the version it was made from: when someone
 * else changed the action meanwhile, the server's message shows and the plan is read again.
 */
export function ActionRow({ plan, action }: { plan: PlanView; action: PlanActionView }) {
  const id = useId();
  const change = usePlanChange(plan.id, (update: Omit<PlanActionUpdate, 'version'>) =>
    planRequests.updateAction(plan.id, action.id, { ...update, version: action.version }),
  );
  const [dueOn, setDueOn] = useState(action.dueOn ?? '');
  const [note, setNote] = useState(action.note);
  // What the server holds now (after a save, or someone else's change) replaces what was typed;
  // the refusal's message stays until the next change.
  const [version, setVersion] = useState(action.version);
  if (version !== action.version) {
    setVersion(action.version);
    setDueOn(action.dueOn ?? '');
    setNote(action.note);
  }
  const edited = dueOn !== (action.dueOn ?? '') || note !== action.note;
  const fieldErrors = change.error instanceof ApiError ? (change.error.errors ?? {}) : {};
  const save = (update: Omit<PlanActionUpdate, 'version'>) => change.mutate(update);

  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4" data-testid="plan-action">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={`${id}-title`} className="min-w-0 wrap-anywhere font-semibold text-stone-900">
          {action.title}
        </h4>
        <span className={actionStatusClass(action.status)}>{actionStatusLabels[action.status]}</span>
      </div>
      {action.why && <p className="text-sm text-stone-700">{action.why}</p>}
      <LibraryLinks links={action.links} />
      <p className="text-sm text-stone-700">
        {action.ownerName ? `Owner: ${action.ownerName}` : 'Unassigned'}
        {' · '}
        {action.dueOn ? `Due ${calendarDate(action.dueOn)}` : 'No due date'}
        {action.overdue && <strong className="ml-2 font-semibold text-red-800">Overdue</strong>}
      </p>
      {!plan.canEdit ? (
        action.note && <p className="whitespace-pre-line text-sm text-stone-800">{action.note}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-status`} className="text-sm font-medium text-stone-800">
                Status
              </label>
              <select
                id={`${id}-status`}
                className={selectClass}
                aria-describedby={`${id}-title`}
                value={action.status}
                disabled={change.isPending}
                onChange={(event) => save({ status: event.target.value as ActionStatus })}
              >
                {actionStatuses.map((status) => (
                  <option key={status} value={status}>
                    {actionStatusLabels[status]}
                  </option>
                ))}
              </select>
            </div>
            {plan.kind === 'team' && (
              <div className="grid gap-1.5">
                <label htmlFor={`${id}-owner`} className="text-sm font-medium text-stone-800">
                  Owner
                </label>
                <select
                  id={`${id}-owner`}
                  className={selectClass}
                  aria-describedby={`${id}-title`}
                  value={action.ownerId ?? ''}
                  disabled={change.isPending}
                  onChange={(event) => save({ ownerId: event.target.value || null })}
                >
                  <option value="">Unassigned</option>
                  {plan.owners.map((owner) => (
                    <option key={owner.userId} value={owner.userId}>
                      {owner.name}
                    </option>
                  ))}
                </select>
                {fieldErrors.ownerId && <p className="text-sm text-red-700">{fieldErrors.ownerId}</p>}
              </div>
            )}
          </div>
          <form
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
            aria-labelledby={`${id}-title`}
            onSubmit={(event) => {
              event.preventDefault();
              save({ ...(dueOn !== (action.dueOn ?? '') ? { dueOn: dueOn || null } : {}), ...(note !== action.note ? { note } : {}) });
            }}
          >
            <TextField label="Due date" type="date" value={dueOn} error={fieldErrors.dueOn} onChange={(event) => setDueOn(event.target.value)} />
            <TextAreaField
              label="Note"
              rows={2}
              maxLength={PLAN_LIMITS.note}
              value={note}
              error={fieldErrors.note}
              onChange={(event) => setNote(event.target.value)}
            />
            <Button type="submit" variant="outline" size="sm" className="justify-self-start" disabled={!edited || change.isPending}>
              Save date and note
            </Button>
          </form>
        </>
      )}
      {change.isError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {errorText(change.error, 'The change was not saved. Please try again.')}
        </p>
      )}
    </li>
  );
}
