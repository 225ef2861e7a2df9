import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import {
  FOLLOW_UP_LIMITS,
  type FollowUpSequence,
  type FollowUpSequenceValues,
  type FollowUpTargetKind,
  followUpSequenceSchema,
  gradeTargetLabel,
} from '#shared/checkup/follow-ups';
import { type Grade, reachedGrades } from '#shared/checkup/grading';
import { pillarInfo, pillars } from '#shared/checkup/questions';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { MarkdownField } from '../../../components/editor/markdown-field';
import { PreviewFrame } from '../../../components/editor/preview-frame';
import { apiRequest, errorText } from '../../../lib/api';
import { AdminSection } from '../admin-section';
import { showFieldErrors } from '../show-field-errors';
import { useAdminChange } from '../use-admin';

interface StepDraft {
  id?: string;
  delayDays: number;
  subject: string;
  body: string;
  linkGuide: boolean;
  linkResources: boolean;
  linkAllies: boolean;
}
interface Draft {
  name: string;
  targetKind: FollowUpTargetKind;
  target: string;
  stopOnPremium: boolean;
  steps: StepDraft[];
}

const check = zodResolver(followUpSequenceSchema);
const resolver: Resolver<Draft, unknown, FollowUpSequenceValues> = (values, context, options) =>
  check(values, context, options as unknown as Parameters<typeof check>[2]);

const newStep = (): StepDraft => ({ delayDays: 0, subject: '', body: '', linkGuide: true, linkResources: false, linkAllies: false });

/**
 * The targets of a kind: each pillar, or each grade a Check-Up reaches as the member's results
 * name it; grade A (reached by none) only for a sequence that already has it.
 */
export const targetOptions = (kind: FollowUpTargetKind, current?: string) =>
  kind === 'pillar'
    ? pillars.map((p) => ({ value: p, label: pillarInfo[p].name }))
    : [...(current === 'A' ? (['A'] as Grade[]) : []), ...reachedGrades].map((grade) => ({ value: grade, label: gradeTargetLabel(grade) }));

const checkbox = 'h-4 w-4 rounded border-stone-400 text-brand-700';

/**
 * Writing a follow-up sequence: its target (a weakest pillar or the overall grade the results showed), its steps (a
 * delay, a subject, a Markdown body in the site's one editor, links to the pillar's pages) and a
 * preview of the chosen step as the email, rendered by the server with the email's own layout.
 */
export function SequenceEditor({ sequence, onClose }: { sequence: FollowUpSequence | null; onClose: () => void }) {
  const defaults: Draft = sequence
    ? {
        name: sequence.name,
        targetKind: sequence.targetKind,
        target: sequence.target,
        stopOnPremium: sequence.stopOnPremium,
        steps: sequence.steps.map(({ stats: _stats, ...step }) => step),
      }
    : { name: '', targetKind: 'pillar', target: pillars[0]!, stopOnPremium: false, steps: [newStep()] };
  const form = useForm<Draft, unknown, FollowUpSequenceValues>({ resolver, defaultValues: defaults });
  const { errors } = form.formState;
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const draft = useWatch({ control: form.control }) as Draft;
  const [shown, setShown] = useState(0);
  const [preview, setPreview] = useState('');
  const previewed = draft.steps[Math.min(shown, draft.steps.length - 1)];

  useEffect(() => {
    if (!previewed) return;
    const timer = setTimeout(() => {
      apiRequest<{ html: string }>('POST', adminApiPaths.adminFollowUpPreview, {
        targetKind: draft.targetKind,
        target: draft.target,
        step: { ...previewed, delayDays: Number.isInteger(previewed.delayDays) ? Math.min(Math.max(previewed.delayDays, 0), 365) : 0 },
      })
        .then(({ html }) => setPreview(html))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [draft.targetKind, draft.target, previewed]);

  const save = useAdminChange({
    request: (values: FollowUpSequenceValues) =>
      sequence
        ? apiRequest<FollowUpSequence>('PUT', apiPath(adminApiPaths.adminFollowUp, { id: sequence.id }), values)
        : apiRequest<FollowUpSequence>('POST', adminApiPaths.adminFollowUps, values),
    lists: ['follow-ups'],
    success: (result) => ({ title: 'Sequence saved', description: `“${result.name}” is saved.${result.active ? '' : ' Switch it on when it is ready.'}` }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (refused) => showFieldErrors(form, refused),
  });
  const onValid = (values: FollowUpSequenceValues) => {
    if (!save.isPending) save.mutate(values, { onSuccess: onClose });
  };

  return (
    <AdminSection
      title={sequence ? 'Edit follow-up sequence' : 'New follow-up sequence'}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            Back to follow-ups
          </Button>
          <Button onClick={() => void form.handleSubmit(onValid)()} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save sequence'}
          </Button>
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-4">
          <TextField
            label="Name"
            hint="For the team: people never see it."
            maxLength={FOLLOW_UP_LIMITS.name}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Who it is for"
              placeholder="Choose who gets it"
              options={[
                { value: 'pillar', label: 'People whose weakest pillar is…' },
                { value: 'grade', label: 'People whose results showed the grade…' },
              ]}
              error={errors.targetKind?.message}
              {...form.register('targetKind', {
                onChange: (event: { target: { value: string } }) => form.setValue('target', targetOptions(event.target.value as FollowUpTargetKind)[0]!.value),
              })}
            />
            <SelectField
              label="Target"
              placeholder="Choose the target"
              options={targetOptions(draft.targetKind, sequence?.target)}
              error={errors.target?.message}
              {...form.register('target')}
            />
          </div>
          {sequence?.targetNote && (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
              {sequence.targetNote} Saving the sequence clears this note.
            </p>
          )}
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" className={checkbox} {...form.register('stopOnPremium')} />
            Stop for a person once they are a premium member
          </label>
          <ol className="grid gap-4">
            {steps.fields.map((field, index) => {
              const stepErrors = errors.steps?.[index];
              return (
                <li key={field.id} className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-stone-900">Step {index + 1}</h3>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant={shown === index ? 'primary' : 'outline'} aria-pressed={shown === index} onClick={() => setShown(index)}>
                        Preview this step
                      </Button>
                      {steps.fields.length > 1 && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            steps.remove(index);
                            setShown(0);
                          }}
                        >
                          Remove step {index + 1}
                        </Button>
                      )}
                    </div>
                  </div>
                  <TextField
                    label={`Step ${index + 1}: delay in days`}
                    hint={index === 0 ? 'Days after the Check-Up (0: the same day).' : 'Days after the step before.'}
                    type="number"
                    min={0}
                    max={FOLLOW_UP_LIMITS.maxDelayDays}
                    inputMode="numeric"
                    error={stepErrors?.delayDays?.message}
                    {...form.register(`steps.${index}.delayDays`, { valueAsNumber: true })}
                  />
                  <TextField
                    label={`Step ${index + 1}: subject`}
                    maxLength={FOLLOW_UP_LIMITS.subject}
                    error={stepErrors?.subject?.message}
                    {...form.register(`steps.${index}.subject`)}
                  />
                  <MarkdownField
                    control={form.control}
                    name={`steps.${index}.body`}
                    id={`follow-up-step-${index}`}
                    label={`Step ${index + 1}: body (Markdown)`}
                    rows={8}
                    maxLength={FOLLOW_UP_LIMITS.body}
                  />
                  <fieldset className="grid gap-1.5">
                    <legend className="text-sm font-medium text-stone-800">Links to the person’s weakest pillar</legend>
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <input type="checkbox" className={checkbox} {...form.register(`steps.${index}.linkGuide`)} /> Its field guide
                    </label>
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <input type="checkbox" className={checkbox} {...form.register(`steps.${index}.linkResources`)} /> Its resources
                    </label>
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <input type="checkbox" className={checkbox} {...form.register(`steps.${index}.linkAllies`)} /> Its Allies category
                    </label>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {errors.steps?.message && <p className="text-sm text-red-700">{errors.steps.message}</p>}
          {steps.fields.length < FOLLOW_UP_LIMITS.steps && (
            <div>
              <Button variant="outline" onClick={() => steps.append(newStep())}>
                Add a step
              </Button>
            </div>
          )}
        </div>
        <PreviewFrame heading={`Preview: step ${Math.min(shown, draft.steps.length - 1) + 1} as the email`} title="Follow-up email preview" html={preview} />
      </div>
    </AdminSection>
  );
}
