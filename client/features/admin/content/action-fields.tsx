import { Plus, X } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { questions } from '#shared/checkup/questions';
import { ACTION_MAX_LINKS, CONTENT_LIMITS } from '#shared/content/pages';
import { pillarNames } from '#shared/content/pillars';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import type { ContentForm, ContentValues } from './content-form';

/** The statements a pillar's actions may answer, as the Check-Up numbers and says them. */
export const statementOptions = (pillar: string) =>
  questions.filter((question) => question.category === pillar.toUpperCase()).map((question) => ({ value: String(question.id), label: `${question.id}. ${question.text}` }));

/**
 * A plan action's own fields: its pillar, the Check-Up statement it answers (or the whole pillar),
 * and the links to what helps. Changing the pillar clears a statement of the old one. The shared
 * schema's words show under each field, a link's under its own text or address.
 */
export function ActionFields({ form, pillar }: { form: UseFormReturn<ContentForm, unknown, ContentValues>; pillar: string }) {
  const { errors } = form.formState;
  const links = useFieldArray({ control: form.control, name: 'fields.links' });
  const linkErrors = errors.fields?.links;
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          label="Pillar"
          placeholder="Choose a pillar"
          options={pillarNames.map((name) => ({ value: name, label: name }))}
          error={errors.fields?.pillar?.message}
          {...form.register('fields.pillar', {
            onChange: (event: { target: { value: string } }) => {
              if (!statementOptions(event.target.value).some((option) => option.value === form.getValues('fields.statement'))) form.setValue('fields.statement', '');
            },
          })}
        />
        <SelectField
          label="Statement"
          placeholder="The whole pillar"
          hint={pillar ? 'The Check-Up statement this action answers.' : 'Choose a pillar first.'}
          options={statementOptions(pillar)}
          disabled={!pillar}
          error={errors.fields?.statement?.message}
          {...form.register('fields.statement')}
        />
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 font-semibold text-stone-900">Links to what helps</legend>
        <p className="text-xs text-stone-600">
          A field guide section (/field-guide/fuel#…), a resource (/resources?open=…), an Allies category (/allies?category=Fuel), the webinar recordings
          (/webinars#recordings), or a web address. At most {ACTION_MAX_LINKS}.
        </p>
        {links.fields.length === 0 && <p className="text-sm text-stone-700">No links yet.</p>}
        <ol className="grid gap-3">
          {links.fields.map((link, index) => (
            <li key={link.id} className="grid gap-2 rounded-md border border-stone-200 p-3">
              <TextField label={`Link ${index + 1} text`} maxLength={120} error={linkErrors?.[index]?.label?.message} {...form.register(`fields.links.${index}.label`)} />
              <TextField
                label={`Link ${index + 1} address`}
                maxLength={CONTENT_LIMITS.field}
                error={linkErrors?.[index]?.href?.message}
                {...form.register(`fields.links.${index}.href`)}
              />
              <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => links.remove(index)} aria-label={`Remove link ${index + 1}`}>
                <X className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {linkErrors?.message && (
          <p role="alert" className="text-sm text-red-700">
            {linkErrors.message}
          </p>
        )}
        <div>
          <Button type="button" size="sm" variant="outline" disabled={links.fields.length >= ACTION_MAX_LINKS} onClick={() => links.append({ label: '', href: '' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add a link
          </Button>
        </div>
      </fieldset>
    </>
  );
}
