import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { reachedGrades } from '#shared/checkup/grading';
import { pillars } from '#shared/checkup/questions';
import { signupSources } from '#shared/newsletter/schemas';
import {
  describeFilter,
  gradeLabel,
  pillarLabel,
  type Segment,
  SEGMENT_LIMITS,
  type SegmentFilter,
  segmentPlanLabels,
  segmentPlans,
  segmentSchema,
  signupSourceLabels,
} from '#shared/newsletter/segments';
import type { z } from '#shared/zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Confirm, smallButton, smallDeleteButton } from '../../../components/ui/confirm';
import { apiRequest, errorText } from '../../../lib/api';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { AdminSection, EmptyList } from '../admin-section';
import { subscribersNowText } from '../count-texts';
import { showFieldErrors } from '../show-field-errors';

const noFilter: SegmentFilter = { plans: [], sources: [], weakestPillars: [], grades: [], signedUpFrom: null, signedUpTo: null };

/**
 * The Weekly Dish's saved segments (decision 046): a name and a filter on the subscribers, chosen
 * as an edition's audience. Each shows how many subscribers it has now.
 */
export function SegmentsPanel() {
  const list = useAdminQuery<{ segments: Segment[] }>(adminKey('segments'), adminApiPaths.adminSegments);
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  return (
    <AdminSection
      title="Segments"
      intro="Saved groups of subscribers, to send an edition to some of them. Lists left empty match everyone."
      actions={
        editing === null && (
          <Button variant="outline" onClick={() => setEditing('new')}>
            New segment
          </Button>
        )
      }
    >
      {editing !== null && (
        <SegmentForm key={editing === 'new' ? 'new' : editing.id} segment={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      {!list.data ? (
        <p role="status">Loading segments...</p>
      ) : list.data.segments.length === 0 ? (
        <EmptyList>No segments yet.</EmptyList>
      ) : (
        <ul className="grid gap-3">
          {list.data.segments.map((segment) => (
            <SegmentRow key={segment.id} segment={segment} onEdit={() => setEditing(segment)} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function SegmentRow({ segment, onEdit }: { segment: Segment; onEdit: () => void }) {
  const size = useAdminQuery<{ count: number }>(
    adminKey('editions', 'audience', 'segment', segment.id, segment.updatedAt),
    `${apiPath(adminApiPaths.adminEditionAudience, { audience: 'segment' })}?segmentId=${segment.id}`,
  );
  const remove = useAdminChange({
    request: () => apiRequest('DELETE', apiPath(adminApiPaths.adminSegment, { id: segment.id })),
    lists: ['segments'],
    success: 'The segment is deleted.',
    failure: (error) => ({ title: 'Not deleted', description: errorText(error, 'Please try again.') }),
  });
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="min-w-0">
        <h3 className="break-words font-semibold text-stone-900">{segment.name}</h3>
        <p className="text-sm text-stone-700">{describeFilter(segment.filter)}</p>
        <p className="text-sm text-stone-600">{size.data ? subscribersNowText(size.data.count) : 'Counting...'}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`} onClick={onEdit}>
          Edit
        </button>
        <Confirm
          title="Delete this segment?"
          description={`“${segment.name}” will be deleted. Editions already sent to it keep their recipients.`}
          confirmLabel="Delete"
          destructive
          onConfirm={() => remove.mutate(undefined)}
          trigger={
            <button type="button" className={smallDeleteButton}>
              Delete
            </button>
          }
        />
      </div>
    </li>
  );
}

/** Ticks for each value of a list; none ticked means any. */
function Choices<T extends string>({
  legend,
  values,
  label,
  chosen,
  onChange,
}: {
  legend: string;
  values: readonly T[];
  label: (value: T) => string;
  chosen: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {values.map((value) => (
          <label key={value} className="inline-flex min-h-9 items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={chosen.includes(value)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value))}
            />
            {label(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type SegmentValues = z.input<typeof segmentSchema>;
type SegmentInput = z.output<typeof segmentSchema>;

/** The first message in a field's errors, however deep (a list's value, an unknown key the server named). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const [key, inner] of Object.entries(error)) {
    const message = key === 'ref' ? undefined : firstMessage(inner);
    if (message) return message;
  }
  return undefined;
}

/** What is refused in the filter besides its two dates (which say theirs under them): said below the lists. */
const otherFilterError = (errors: FieldErrors<SegmentValues>['filter']) => (errors?.signedUpFrom || errors?.signedUpTo ? undefined : firstMessage(errors));

function SegmentForm({ segment, onDone }: { segment: Segment | null; onDone: () => void }) {
  const form = useForm<SegmentValues, unknown, SegmentInput>({
    resolver: zodResolver(segmentSchema),
    defaultValues: { name: segment?.name ?? '', filter: segment?.filter ?? noFilter },
  });
  const { errors } = form.formState;
  const filter = useWatch({ control: form.control, name: 'filter' });
  const save = useAdminChange<SegmentInput, Segment>({
    request: (input) =>
      segment
        ? apiRequest<Segment>('PUT', apiPath(adminApiPaths.adminSegment, { id: segment.id }), input)
        : apiRequest<Segment>('POST', adminApiPaths.adminSegments, input),
    lists: ['segments', 'editions'],
    success: (saved) => ({ title: 'Segment saved', description: `“${saved.name}” is saved.` }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (fieldErrors) => showFieldErrors(form, fieldErrors),
  });
  // A date left empty is no bound (null), as the schema has it.
  const day = { setValueAs: (value: string | null) => value || null };
  const filterError = otherFilterError(errors.filter);
  return (
    <form
      className="grid gap-4 rounded-lg border border-stone-300 bg-stone-50 p-4"
      onSubmit={form.handleSubmit((input) => save.mutate(input, { onSuccess: onDone }))}
    >
      <h3 className="font-semibold text-stone-900">{segment ? `Edit “${segment.name}”` : 'New segment'}</h3>
      <TextField label="Name" maxLength={SEGMENT_LIMITS.name} error={errors.name?.message} {...form.register('name')} />
      <Controller
        control={form.control}
        name="filter.plans"
        render={({ field }) => (
          <Choices legend="Plan" values={segmentPlans} label={(plan) => segmentPlanLabels[plan]} chosen={field.value ?? []} onChange={field.onChange} />
        )}
      />
      <Controller
        control={form.control}
        name="filter.sources"
        render={({ field }) => (
          <Choices
            legend="Signed up from"
            values={signupSources}
            label={(source) => signupSourceLabels[source]}
            chosen={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="filter.weakestPillars"
        render={({ field }) => (
          <Choices legend="Weakest pillar in their latest Check-Up" values={pillars} label={pillarLabel} chosen={field.value ?? []} onChange={field.onChange} />
        )}
      />
      <Controller
        control={form.control}
        name="filter.grades"
        render={({ field }) => (
          <Choices
            legend="Grade of their latest Check-Up, as its results showed it"
            values={reachedGrades}
            label={gradeLabel}
            chosen={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Signed up on or after" type="date" error={errors.filter?.signedUpFrom?.message} {...form.register('filter.signedUpFrom', day)} />
        <TextField label="Signed up on or before" type="date" error={errors.filter?.signedUpTo?.message} {...form.register('filter.signedUpTo', day)} />
      </div>
      {filterError && (
        <p role="alert" className="text-sm text-red-700">
          {filterError}
        </p>
      )}
      <p className="text-sm text-stone-700">{describeFilter({ ...noFilter, ...filter })}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save segment'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
