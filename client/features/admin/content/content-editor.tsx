import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { findFieldGuide } from '#shared/content/field-guides';
import { CONTENT_LIMITS, type ContentItem, type ContentSaved, type ContentSection, sectionLabels } from '#shared/content/pages';
import { pillarNames } from '#shared/content/pillars';
import { slugify } from '#shared/newsletter/editions';
import { DraftNotices } from '../../../components/editor/draft-notices';
import { MarkdownField } from '../../../components/editor/markdown-field';
import { PreviewFrame } from '../../../components/editor/preview-frame';
import { useUnsavedDraft } from '../../../components/editor/use-unsaved';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { apiRequest, errorText } from '../../../lib/api';
import { Confirm, smallButton, smallDeleteButton } from '../../../components/ui/confirm';
import { useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { showFieldErrors } from '../show-field-errors';
import { newItemLabels, scheduledChangeText, statusText } from './content-status';
import { ActionFields } from './action-fields';
import { VersionHistory } from './version-history';
import { type ContentForm, type ContentValues, contentResolver, type Draft, draftOf, filled } from './content-form';
import { AdminSection } from '../admin-section';

/** Opens an existing item (loaded first) or a new one of an open section. */
export function ContentEditor({ open, onClose, onCreated }: { open: { id: string } | { section: ContentSection }; onClose: () => void; onCreated: (id: string) => void }) {
  const id = 'id' in open ? open.id : null;
  const loaded = useAdminQuery<ContentItem>(adminKey('content', id ?? 'new'), id ? apiPath(adminApiPaths.adminContentItem, { id }) : '', Boolean(id));
  if (id && loaded.isError) return <p role="alert">This page could not be loaded. Go back and try again.</p>;
  if (id && !loaded.data) return <p role="status">Loading the page...</p>;
  return <Editor initial={id ? loaded.data! : null} section={'section' in open ? open.section : loaded.data!.section} onClose={onClose} onCreated={onCreated} />;
}

/**
 * Writing a page or a resource, with the editor the Weekly Dish uses and a preview
 * that is the real page rendered by the server. Drafts are saved with a version: a save from a
 * tab that fell behind is refused and its text stays here (and in this browser). Publishing is
 * now or at a time; every published version is listed below, with what it changed.
 */
function Editor({ initial, section, onClose, onCreated }: { initial: ContentItem | null; section: ContentSection; onClose: () => void; onCreated: (id: string) => void }) {
  const [item, setItem] = useState<ContentItem | null>(initial);
  const unsavedKey = `content-unsaved:${item?.id ?? `new-${section}`}`;
  const { initial: draftAtStart, restored, isSaved, keep, forget } = useUnsavedDraft(unsavedKey, draftOf(item));
  const form = useForm<ContentForm, unknown, ContentValues>({ resolver: contentResolver(section, !item), defaultValues: { ...draftAtStart, at: '' } });
  const { errors } = form.formState;
  // Every field has a default, so what is watched is a whole form.
  const { at: when, ...draft } = useWatch({ control: form.control }) as ContentForm;
  const [slugTouched, setSlugTouched] = useState(Boolean(item));
  const [conflict, setConflict] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  const time = useAdminTime();
  /** When the publish was to be that the last save cancelled (the draft is no longer what was scheduled). */
  const [cancelledSchedule, setCancelledSchedule] = useState<string | null>(null);
  const guide = section === 'field-guides' ? findFieldGuide(draft.slug) : undefined;
  const isResource = section === 'resources';
  // A plan action has no page of its own: it is read where plans are made.
  const isAction = section === 'actions';

  const draftText = JSON.stringify(draft);
  useEffect(() => keep(JSON.parse(draftText) as Draft), [draftText, keep]);

  // The preview is the page itself, rendered by the server a moment after typing stops. An answer
  // for an older draft that arrives late (a long page renders longer) is not shown over a newer one.
  useEffect(() => {
    const shown = JSON.parse(draftText) as Draft;
    if (!shown.slug || !shown.title.trim()) return;
    let current = true;
    const timer = setTimeout(() => {
      apiRequest<{ html: string }>('POST', adminApiPaths.adminContentPreview, { ...shown, section, fields: filled(shown.fields) })
        .then(({ html }) => {
          if (current) setPreview(html);
        })
        .catch(() => undefined);
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [section, draftText]);

  const onFieldErrors = (refused: Record<string, string>) => showFieldErrors(form, refused);
  const save = useAdminChange({
    request: async ({ values }: { values: ContentValues; thenPublish: boolean }): Promise<ContentSaved | ContentItem> => {
      const { slug, at: _at, ...checked } = values;
      const result = item
        ? await apiRequest<ContentSaved>('PUT', apiPath(adminApiPaths.adminContentItem, { id: item.id }), { ...checked, version: item.version })
        : await apiRequest<ContentItem>('POST', adminApiPaths.adminContent, { ...checked, section, slug });
      forget();
      setItem(result);
      return result;
    },
    lists: ['content'],
    // Publishing says what happened to the saved draft.
    success: (result, { thenPublish }) => (thenPublish ? null : { title: 'Draft saved', description: `“${result.title}” is saved. Visitors still see the published version.` }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
    onFieldErrors,
    onConflict: setConflict,
  });
  const publishing = useAdminChange({
    request: ({ saved, at }: { saved: ContentItem; at?: string }) =>
      apiRequest<ContentItem>('POST', apiPath(adminApiPaths.adminContentPublish, { id: saved.id }), { version: saved.version, ...(at ? { at } : {}) }),
    lists: ['content'],
    success: (result, { at }) => ({
      title: at ? 'Publishing scheduled' : 'Published',
      description: at ? `“${result.title}” goes live ${time.dateTime(at)}.` : `“${result.title}” is live on every page now.`,
    }),
    failure: (error, { at }) => ({ title: at ? 'Not scheduled' : 'Not published', description: errorText(error, 'Please try again.') }),
    onFieldErrors,
    onConflict: setConflict,
  });
  const unpublishing = useAdminChange({
    request: (saved: ContentItem) => apiRequest<ContentItem>('POST', apiPath(adminApiPaths.adminContentUnpublish, { id: saved.id }), {}),
    lists: ['content'],
    success: (result) => ({ title: 'Unpublished', description: `“${result.title}” is no longer on the site.` }),
    failure: (error) => ({ title: 'Not unpublished', description: errorText(error, 'Please try again.') }),
    onConflict: setConflict,
  });
  const busy = save.isPending || publishing.isPending || unpublishing.isPending;
  // A new item, once created, reopens as itself when the action is done (published or not).
  const reopen = (saved: ContentItem) => {
    if (!item) onCreated(saved.id);
  };

  const saveDraft = form.handleSubmit((values) => {
    if (busy) return;
    setConflict(null);
    save.mutate(
      { values, thenPublish: false },
      {
        onSuccess: (result) => {
          setCancelledSchedule('cancelledSchedule' in result ? result.cancelledSchedule : null);
          reopen(result);
        },
      },
    );
  });

  const publish = (at?: string) =>
    form.handleSubmit(async (values) => {
      if (busy) return;
      setConflict(null);
      const { at: _at, ...current } = form.getValues();
      const saved = item && isSaved(current) ? item : await save.mutateAsync({ values, thenPublish: true }).catch(() => null);
      if (!saved) return;
      publishing.mutate(
        { saved, at },
        {
          onSuccess: (result) => {
            setItem(result);
            setCancelledSchedule(null);
          },
          onSettled: () => reopen(saved),
        },
      );
    })();

  const unpublish = () => {
    if (item && !busy) unpublishing.mutate(item, { onSuccess: setItem });
  };

  return (
    <AdminSection
      title={item ? `Edit: ${item.title}` : newItemLabels[section]}
      intro={
        <>
          {sectionLabels[section]}
          {item && ` · ${statusText(item, time)}`}
          {item?.publishedAt && ` · Live version from ${time.dateTime(item.publishedAt)}`}
          {item && scheduledChangeText(item, time) && ` · ${scheduledChangeText(item, time)}`}
        </>
      }
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            Back to content
          </Button>
          {item?.publishedAt && !isAction && (
            <a href={item.path} target="_blank" rel="noopener noreferrer" className={`${smallButton} h-10 gap-1 border border-stone-300 hover:bg-stone-100`}>
              View page <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          <Button variant="outline" onClick={() => void saveDraft()} disabled={busy}>
            {busy ? 'Working...' : 'Save draft'}
          </Button>
          <Confirm
            title="Publish this now?"
            description={`“${draft.title || 'This page'}” will replace the live version on every page of the site at once. The current version stays in the history.`}
            confirmLabel="Publish now"
            onConfirm={() => void publish()}
            trigger={
              <button type="button" disabled={busy} className={`${smallButton} h-10 bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}>
                Publish now
              </button>
            }
          />
        </>
      }
    >
      <DraftNotices restored={restored} conflict={conflict} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <TextField
            label="Title"
            maxLength={CONTENT_LIMITS.title}
            error={errors.title?.message}
            readOnly={Boolean(guide)}
            hint={guide ? 'A field guide’s title is part of the site’s design (the guides index and the landing page show it).' : undefined}
            {...form.register('title', {
              onChange: (event: { target: { value: string } }) => {
                if (!slugTouched) form.setValue('slug', slugify(event.target.value));
              },
            })}
          />
          <TextField
            label={isAction ? 'Why it matters' : 'Summary'}
            hint={isAction ? 'A sentence or two, shown under the action.' : isResource ? 'Shown on the resource’s card.' : 'Shown under the title and to search engines.'}
            counter={`${draft.summary.length}/${CONTENT_LIMITS.summary}`}
            maxLength={CONTENT_LIMITS.summary}
            error={errors.summary?.message}
            {...form.register('summary')}
          />
          {!item && (
            <TextField
              label="Web address"
              hint={
                section === 'premium'
                  ? `Its place on /premium-resources: #${draft.slug || '…'}`
                  : isAction
                    ? 'What a plan keeps of where its action came from, lower-case words and dashes.'
                    : 'Its name in the library’s links, lower-case words and dashes.'
              }
              maxLength={CONTENT_LIMITS.slug}
              error={errors.slug?.message}
              {...form.register('slug', { onChange: () => setSlugTouched(true) })}
            />
          )}
          {isResource && (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Pillar"
                placeholder="Choose a pillar"
                options={pillarNames.map((name) => ({ value: name, label: name }))}
                error={errors.fields?.pillar?.message}
                {...form.register('fields.pillar')}
              />
              <TextField label="Kind" hint="Checklist, Template, Worksheet…" maxLength={60} error={errors.fields?.format?.message} {...form.register('fields.format')} />
              <TextField label="Outside link (optional)" type="url" maxLength={CONTENT_LIMITS.field} error={errors.fields?.url?.message} {...form.register('fields.url')} />
              <TextField label="Source name (optional)" maxLength={120} error={errors.fields?.source?.message} {...form.register('fields.source')} />
            </div>
          )}
          {isAction && <ActionFields form={form} pillar={draft.fields.pillar} />}
          <MarkdownField control={form.control} name="body" id="content-body" maxLength={CONTENT_LIMITS.body} />
          <div className="grid gap-2 rounded-lg border border-stone-200 bg-white p-3">
            <h3 className="font-semibold text-stone-900">Publish later</h3>
            <div className="flex flex-wrap items-end gap-2">
              <label className="grid gap-1 text-sm text-stone-800">
                <span>Publish at ({time.timeZone} time)</span>
                <input type="datetime-local" {...form.register('at')} className="h-9 rounded-md border border-stone-300 px-2" />
              </label>
              <Button size="sm" variant="outline" disabled={!when || busy} onClick={() => void publish(time.fromInput(when).toISOString())}>
                Schedule
              </Button>
              {item && item.status !== 'draft' && (
                <Confirm
                  title="Unpublish this page?"
                  description={`“${item.title}” will leave the site at once${item.publishAt ? ' and its scheduled publish is cancelled' : ''}. Its versions stay in the history.`}
                  confirmLabel="Unpublish"
                  destructive
                  onConfirm={unpublish}
                  trigger={
                    <button type="button" className={smallDeleteButton}>
                      {item.status === 'scheduled' ? 'Cancel schedule' : 'Unpublish'}
                    </button>
                  }
                />
              )}
            </div>
            {errors.at && (
              <p role="alert" className="text-sm text-red-700">
                {errors.at.message}
              </p>
            )}
            {cancelledSchedule && (
              <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
                The publish scheduled for {time.dateTime(cancelledSchedule)} is cancelled: the draft changed after it was scheduled. Schedule it again to publish this text.
              </p>
            )}
          </div>
        </div>
        <PreviewFrame heading="Preview: the page as visitors will see it" title="Page preview" html={preview} sameOrigin />
      </div>
      {item && <VersionHistory
          item={item}
          onRestored={(restoredItem) => {
            // The restored text is the draft now, in place of what was on screen.
            setItem(restoredItem);
            form.reset({ ...draftOf(restoredItem), at: when });
            forget();
          }}
        />}
    </AdminSection>
  );
}
