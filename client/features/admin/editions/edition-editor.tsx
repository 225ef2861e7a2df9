import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { z } from '#shared/zod';
import { audienceLabels, type Edition, type EditionAudience, EDITION_LIMITS, editionAudiences, editionDraftSchema, slugify } from '#shared/newsletter/editions';
import type { Segment } from '#shared/newsletter/segments';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { apiRequest, errorText } from '../../../lib/api';
import { DraftNotices } from '../../../components/editor/draft-notices';
import { MarkdownField } from '../../../components/editor/markdown-field';
import { PreviewFrame } from '../../../components/editor/preview-frame';
import { useUnsavedDraft } from '../../../components/editor/use-unsaved';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { showFieldErrors } from '../show-field-errors';
import { AdminSection } from '../admin-section';

interface Draft {
  title: string;
  summary: string;
  slug: string;
  body: string;
  audience: EditionAudience;
  askFeedback: boolean;
  segmentId: string | null;
}
type EditionValues = z.output<typeof editionDraftSchema>;

// The form's fields are all filled (the schema's defaults are for callers that leave them out); only those types differ.
const checkEdition = zodResolver(editionDraftSchema);
const editionResolver: Resolver<Draft, unknown, EditionValues> = (values, context, options) =>
  checkEdition(values, context, options as unknown as Parameters<typeof checkEdition>[2]);

// "Was this useful?" is off until the admin asks it: a question every week would soon be ignored (decision 045).
const empty: Draft = { title: '', summary: '', slug: '', body: '', audience: 'subscribers', askFeedback: false, segmentId: null };

/**
 * Writing an edition: title, summary (the inbox preview text), web address and the
 * Markdown body with a toolbar, beside a live preview that is the email's own HTML, at desktop and
 * phone width. A save names the version it started from; if another tab or admin saved since, the
 * server refuses and this text stays here (and in this browser) to be copied over.
 */
export function EditionEditor({ edition, onClose }: { edition: Edition | null; onClose: (saved: Edition | null) => void }) {
  const id = edition?.id ?? null;
  const saved: Draft = edition
    ? {
        title: edition.title,
        summary: edition.summary,
        slug: edition.slug,
        body: edition.body,
        audience: edition.audience,
        askFeedback: edition.askFeedback,
        segmentId: edition.segmentId,
      }
    : empty;
  const segments = useAdminQuery<{ segments: Segment[] }>(adminKey('segments'), adminApiPaths.adminSegments);
  // Unsaved text survives a reload or a crash of the tab: kept in this browser until saved.
  const { initial, restored, keep, forget } = useUnsavedDraft(`weekly-dish-unsaved:${id ?? 'new'}`, saved);
  const form = useForm<Draft, unknown, EditionValues>({ resolver: editionResolver, defaultValues: initial });
  const { errors } = form.formState;
  // Every field has a default, so what is watched is a whole draft.
  const draft = useWatch({ control: form.control }) as Draft;
  const [slugTouched, setSlugTouched] = useState(Boolean(edition));
  const [conflict, setConflict] = useState<string | null>(null);
  const [preview, setPreview] = useState<string>('');

  useEffect(() => keep(draft), [draft, keep]);

  // The preview is rendered by the server with the email's own template, a moment after typing
  // stops: from the first moment, empty fields and all.
  useEffect(() => {
    const timer = setTimeout(() => {
      apiRequest<{ html: string }>('POST', adminApiPaths.adminEditionPreview, {
        title: draft.title,
        summary: draft.summary,
        body: draft.body,
        audience: draft.audience,
        askFeedback: Boolean(draft.askFeedback),
      })
        .then(({ html }) => setPreview(html))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [draft.title, draft.summary, draft.body, draft.audience, draft.askFeedback]);

  const save = useAdminChange({
    request: async (values: EditionValues) => {
      const result = id
        ? await apiRequest<Edition>('PUT', apiPath(adminApiPaths.adminEdition, { id }), { ...values, version: edition?.version ?? 1 })
        : await apiRequest<Edition>('POST', adminApiPaths.adminEditions, values);
      forget();
      return result;
    },
    lists: ['editions'],
    success: (result) => ({ title: 'Draft saved', description: `“${result.title}” is saved.` }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (refused) => showFieldErrors(form, refused),
    onConflict: setConflict,
  });
  const onValid = (values: EditionValues) => {
    if (save.isPending) return;
    setConflict(null);
    save.mutate(values, { onSuccess: onClose });
  };

  return (
    <AdminSection
      title={edition ? 'Edit edition' : 'New edition'}
      actions={
        <>
          <Button variant="outline" onClick={() => onClose(null)}>
            Back to editions
          </Button>
          <Button onClick={() => void form.handleSubmit(onValid)()} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save draft'}
          </Button>
        </>
      }
    >
      <DraftNotices restored={restored} conflict={conflict && `${conflict} Your text is still here.`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <TextField
            label="Title"
            hint="The issue number is added above the title when the edition is sent (premium announcements have none): leave it out here."
            maxLength={EDITION_LIMITS.title}
            error={errors.title?.message}
            {...form.register('title', {
              onChange: (event: { target: { value: string } }) => slugTouched || form.setValue('slug', slugify(event.target.value)),
            })}
          />
          <TextField
            label="Summary"
            hint="The preview text shown in the inbox after the subject."
            counter={`${draft.summary.length}/${EDITION_LIMITS.summary}`}
            maxLength={EDITION_LIMITS.summary}
            error={errors.summary?.message}
            {...form.register('summary')}
          />
          <TextField
            label="Web address"
            hint={`The edition's page: /weekly-dish/${draft.slug || '…'}`}
            maxLength={EDITION_LIMITS.slug}
            error={errors.slug?.message}
            {...form.register('slug', { onChange: () => setSlugTouched(true) })}
          />
          <SelectField
            label="Audience"
            placeholder="Choose who receives it"
            options={editionAudiences.map((value) => ({ value, label: audienceLabels[value] }))}
            error={errors.audience?.message}
            {...form.register('audience', {
              onChange: (event: { target: { value: string } }) => {
                if (!event.target.value) form.setValue('audience', 'subscribers');
                // A segment is chosen only for the audience "A saved segment".
                if (event.target.value !== 'segment') form.setValue('segmentId', null);
              },
            })}
          />
          {draft.audience === 'segment' && (
            <SelectField
              label="Segment"
              hint="Who is in it is worked out when the edition starts sending. Segments are made below the list of editions."
              placeholder={segments.data?.segments.length === 0 ? 'No saved segments yet' : 'Choose a saved segment'}
              options={(segments.data?.segments ?? []).map((segment) => ({ value: segment.id, label: segment.name }))}
              error={errors.segmentId?.message}
              {...form.register('segmentId', { setValueAs: (value: string | null) => value || null })}
            />
          )}
          <MarkdownField control={form.control} name="body" id="edition-body" maxLength={EDITION_LIMITS.body} />
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 rounded border-stone-400 text-brand-700" {...form.register('askFeedback')} />
            <span>
              End the email with “Was this useful? Yes / No”. Answers are counted per day, never tied to a person; the preview and tests show where the question
              goes.
            </span>
          </label>
        </div>
        <PreviewFrame heading="Preview: what subscribers get" title="Email preview" html={preview} />
      </div>
    </AdminSection>
  );
}
