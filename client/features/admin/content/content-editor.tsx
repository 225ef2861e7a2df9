import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { findFieldGuide } from '#shared/content/field-guides';
import { CONTENT_LIMITS, type ContentFields, type ContentItem, type ContentSaved, type ContentSection, contentDraftSchema, sectionFieldErrors, sectionLabels } from '#shared/content/pages';
import { pillarNames } from '#shared/content/pillars';
import { slugify } from '#shared/newsletter/editions';
import { DraftNotices } from '../../../components/editor/draft-notices';
import { MarkdownEditor } from '../../../components/editor/markdown-editor';
import { PreviewFrame } from '../../../components/editor/preview-frame';
import { useUnsavedDraft } from '../../../components/editor/use-unsaved';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../../lib/api';
import { useQueryClient } from '../../../lib/query-client';
import { Confirm, smallButton } from '../confirm';
import { useAdminTime } from '../admin-time';
import { adminKey, useAdminQuery } from '../use-admin';
import { scheduledChangeText, statusText } from './content-status';
import { VersionHistory } from './version-history';
import { AdminSection } from '../admin-section';

interface Draft {
  title: string;
  summary: string;
  slug: string;
  body: string;
  fields: ContentFields;
}

const draftOf = (item: ContentItem | null): Draft =>
  item ? { title: item.title, summary: item.summary, slug: item.slug, body: item.body, fields: item.fields } : { title: '', summary: '', slug: '', body: '', fields: {} };

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
  const queryClient = useQueryClient();
  const [item, setItem] = useState<ContentItem | null>(initial);
  const saved = draftOf(item);
  const unsavedKey = `content-unsaved:${item?.id ?? `new-${section}`}`;
  const { draft, setDraft, restored, dirty, forget } = useUnsavedDraft(unsavedKey, saved);
  const [slugTouched, setSlugTouched] = useState(Boolean(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState('');
  const [when, setWhen] = useState('');
  const time = useAdminTime();
  /** When the publish was to be that the last save cancelled (the draft is no longer what was scheduled). */
  const [cancelledSchedule, setCancelledSchedule] = useState<string | null>(null);
  const guide = section === 'field-guides' ? findFieldGuide(draft.slug) : undefined;
  const isResource = section === 'resources';

  // The preview is the page itself, rendered by the server a moment after typing stops. An answer
  // for an older draft that arrives late (a long page renders longer) is not shown over a newer one.
  useEffect(() => {
    if (!draft.slug || !draft.title.trim()) return;
    let current = true;
    const timer = setTimeout(() => {
      apiRequest<{ html: string }>('POST', adminApiPaths.adminContentPreview, { section, slug: draft.slug, title: draft.title, summary: draft.summary, body: draft.body, fields: draft.fields })
        .then(({ html }) => {
          if (current) setPreview(html);
        })
        .catch(() => undefined);
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [section, draft]);

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeField = (patch: Partial<ContentFields>) => setDraft((current) => ({ ...current, fields: { ...current.fields, ...patch } }));
  const refreshLists = async (id: string) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: adminKey('content') }), queryClient.invalidateQueries({ queryKey: adminKey('content', id) })]);
  };
  const failed = (error: unknown, what: string) => {
    if (error instanceof ApiError && error.status === 409) setConflict(error.serverMessage);
    else if (error instanceof ApiError && error.errors) setErrors(error.errors);
    else toast({ title: what, description: errorText(error, 'Please try again.'), variant: 'destructive' });
  };

  /** Saves the draft; the saved item, or null when it was not saved. */
  const save = async (): Promise<ContentSaved | ContentItem | null> => {
    const fields = Object.fromEntries(Object.entries(draft.fields).filter(([, value]) => value !== '' && value !== undefined));
    const checked = contentDraftSchema.safeParse({ title: draft.title, summary: draft.summary, body: draft.body, fields });
    const found: Record<string, string> = checked.success ? sectionFieldErrors(section, checked.data.fields) : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    if (!item && !draft.slug) found.slug = 'Web address is required';
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return null;
    setConflict(null);
    try {
      const result = item
        ? await apiRequest<ContentSaved>('PUT', apiPath(adminApiPaths.adminContentItem, { id: item.id }), { ...checked.data, version: item.version })
        : await apiRequest<ContentItem>('POST', adminApiPaths.adminContent, { ...checked.data, section, slug: draft.slug });
      forget();
      setItem(result);
      await refreshLists(result.id);
      return result;
    } catch (error) {
      failed(error, 'Not saved');
      return null;
    }
  };

  // A new item, once created, reopens as itself when the action is done.
  const run = async (action: () => Promise<ContentItem | null | undefined>) => {
    setBusy(true);
    try {
      const result = await action();
      if (!item && result) onCreated(result.id);
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = () =>
    run(async () => {
      const result = await save();
      if (result) {
        setCancelledSchedule('cancelledSchedule' in result ? result.cancelledSchedule : null);
        toast({ title: 'Draft saved', description: `“${result.title}” is saved. Visitors still see the published version.` });
      }
      return result;
    });

  const publish = (at?: string) =>
    run(async () => {
      const current = dirty || !item ? await save() : item;
      if (!current) return null;
      try {
        const result = await apiRequest<ContentItem>('POST', apiPath(adminApiPaths.adminContentPublish, { id: current.id }), { version: current.version, ...(at ? { at } : {}) });
        setItem(result);
        setCancelledSchedule(null);
        await refreshLists(result.id);
        toast({ title: at ? 'Publishing scheduled' : 'Published', description: at ? `“${result.title}” goes live ${time.dateTime(at)}.` : `“${result.title}” is live on every page now.` });
        return result;
      } catch (error) {
        failed(error, at ? 'Not scheduled' : 'Not published');
        // Created but not published: it reopens as the saved draft.
        return current;
      }
    });

  const unpublish = () =>
    run(async () => {
      if (!item) return null;
      try {
        const result = await apiRequest<ContentItem>('POST', apiPath(adminApiPaths.adminContentUnpublish, { id: item.id }), {});
        setItem(result);
        await refreshLists(result.id);
        toast({ title: 'Unpublished', description: `“${result.title}” is no longer on the site.` });
      } catch (error) {
        failed(error, 'Not unpublished');
      }
      return null;
    });

  return (
    <AdminSection
      title={item ? `Edit: ${item.title}` : section === 'resources' ? 'New resource' : 'New premium page'}
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
          {item?.publishedAt && (
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
            value={draft.title}
            maxLength={CONTENT_LIMITS.title}
            error={errors.title}
            readOnly={Boolean(guide)}
            hint={guide ? 'A field guide’s title is part of the site’s design (the guides index and the landing page show it).' : undefined}
            onChange={(event) => change({ title: event.target.value, ...(slugTouched ? {} : { slug: slugify(event.target.value) }) })}
          />
          <TextField
            label="Summary"
            hint={isResource ? 'Shown on the resource’s card.' : 'Shown under the title and to search engines.'}
            counter={`${draft.summary.length}/${CONTENT_LIMITS.summary}`}
            value={draft.summary}
            maxLength={CONTENT_LIMITS.summary}
            error={errors.summary}
            onChange={(event) => change({ summary: event.target.value })}
          />
          {!item && (
            <TextField
              label="Web address"
              hint={section === 'premium' ? `Its place on /premium-resources: #${draft.slug || '…'}` : 'Its name in the library’s links, lower-case words and dashes.'}
              value={draft.slug}
              maxLength={CONTENT_LIMITS.slug}
              error={errors.slug}
              onChange={(event) => {
                setSlugTouched(true);
                change({ slug: event.target.value });
              }}
            />
          )}
          {isResource && (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Pillar"
                placeholder="Choose a pillar"
                options={pillarNames.map((name) => ({ value: name, label: name }))}
                value={draft.fields.pillar ?? ''}
                error={errors['fields.pillar']}
                onChange={(event) => changeField({ pillar: (event.target.value || undefined) as ContentFields['pillar'] })}
              />
              <TextField label="Kind" hint="Checklist, Template, Worksheet…" value={draft.fields.format ?? ''} maxLength={60} error={errors['fields.format']} onChange={(event) => changeField({ format: event.target.value })} />
              <TextField label="Outside link (optional)" type="url" value={draft.fields.url ?? ''} maxLength={CONTENT_LIMITS.field} error={errors['fields.url']} onChange={(event) => changeField({ url: event.target.value })} />
              <TextField label="Source name (optional)" value={draft.fields.source ?? ''} maxLength={120} error={errors['fields.source']} onChange={(event) => changeField({ source: event.target.value })} />
            </div>
          )}
          <MarkdownEditor id="content-body" value={draft.body} maxLength={CONTENT_LIMITS.body} error={errors.body} onChange={(body) => change({ body })} />
          <div className="grid gap-2 rounded-lg border border-stone-200 bg-white p-3">
            <h3 className="font-semibold text-stone-900">Publish later</h3>
            <div className="flex flex-wrap items-end gap-2">
              <label className="grid gap-1 text-sm text-stone-800">
                <span>Publish at ({time.timeZone} time)</span>
                <input type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} className="h-9 rounded-md border border-stone-300 px-2" />
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
                  onConfirm={() => void unpublish()}
                  trigger={
                    <button type="button" className={`${smallButton} border border-red-700 text-red-800 hover:bg-red-50`}>
                      {item.status === 'scheduled' ? 'Cancel schedule' : 'Unpublish'}
                    </button>
                  }
                />
              )}
            </div>
            {errors.at && (
              <p role="alert" className="text-sm text-red-700">
                {errors.at}
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
            setDraft(draftOf(restoredItem));
          }}
        />}
    </AdminSection>
  );
}
