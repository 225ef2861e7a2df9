import { Bold, Heading2, Italic, Link2, List, Monitor, Quote, Smartphone } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { apiPath, apiPaths } from '#shared/api/paths';
import { audienceLabels, type Edition, type EditionAudience, EDITION_LIMITS, editionAudiences, editionDraftSchema, slugify } from '#shared/newsletter/editions';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../../lib/api';
import { useQueryClient } from '../../../lib/query-client';
import { adminKey } from '../use-admin';
import { applyFormat, type Format } from './markdown-toolbar';

interface Draft {
  title: string;
  summary: string;
  slug: string;
  body: string;
  audience: EditionAudience;
}

const empty: Draft = { title: '', summary: '', slug: '', body: '', audience: 'subscribers' };
const toolbar: { format: Format; label: string; Icon: typeof Bold }[] = [
  { format: 'heading', label: 'Heading', Icon: Heading2 },
  { format: 'bold', label: 'Bold', Icon: Bold },
  { format: 'italic', label: 'Italic', Icon: Italic },
  { format: 'link', label: 'Link', Icon: Link2 },
  { format: 'list', label: 'List', Icon: List },
  { format: 'quote', label: 'Quote', Icon: Quote },
];

/** Unsaved text survives a reload or a crash of the tab: kept in this browser until saved. */
const unsavedKey = (id: string | null) => `weekly-dish-unsaved:${id ?? 'new'}`;
function readUnsaved(id: string | null): Draft | null {
  try {
    const raw = window.localStorage.getItem(unsavedKey(id));
    return raw ? ({ ...empty, ...(JSON.parse(raw) as Partial<Draft>) } as Draft) : null;
  } catch {
    return null;
  }
}

/**
 * Writing an edition (issue 23.1): title, summary (the inbox preview text), web address and the
 * Markdown body with a toolbar, beside a live preview that is the email's own HTML, at desktop and
 * phone width. A save names the version it started from; if another tab or admin saved since, the
 * server refuses and this text stays here (and in this browser) to be copied over.
 */
export function EditionEditor({ edition, onClose }: { edition: Edition | null; onClose: (saved: Edition | null) => void }) {
  const queryClient = useQueryClient();
  const id = edition?.id ?? null;
  const saved: Draft = edition ? { title: edition.title, summary: edition.summary, slug: edition.slug, body: edition.body, audience: edition.audience } : empty;
  const [draft, setDraft] = useState<Draft>(() => readUnsaved(id) ?? saved);
  const [restored] = useState(() => readUnsaved(id) !== null && JSON.stringify(readUnsaved(id)) !== JSON.stringify(saved));
  const [version, setVersion] = useState(edition?.version ?? 1);
  const [slugTouched, setSlugTouched] = useState(Boolean(edition));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const [preview, setPreview] = useState<string>('');
  const body = useRef<HTMLTextAreaElement>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  useEffect(() => {
    if (dirty) window.localStorage.setItem(unsavedKey(id), JSON.stringify(draft));
    else window.localStorage.removeItem(unsavedKey(id));
  }, [draft, dirty, id]);

  // The preview is rendered by the server with the email's own template, a moment after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => {
      apiRequest<{ html: string }>('POST', apiPaths.adminEditionPreview, { title: draft.title, summary: draft.summary, body: draft.body })
        .then(({ html }) => setPreview(html))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [draft.title, draft.summary, draft.body]);

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  // The selection to restore once the formatted text is on screen: set in the same commit, so a
  // key typed right after a toolbar click lands in the text, never on the button or a stale caret.
  const pendingSelection = useRef<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const area = body.current;
    const selection = pendingSelection.current;
    if (!area || !selection) return;
    pendingSelection.current = null;
    area.setSelectionRange(selection.start, selection.end);
  }, [draft.body]);
  const format = (kind: Format) => {
    const area = body.current;
    if (!area) return;
    const next = applyFormat({ text: draft.body, start: area.selectionStart, end: area.selectionEnd }, kind);
    area.focus();
    pendingSelection.current = { start: next.start, end: next.end };
    change({ body: next.text });
  };

  const save = async () => {
    const checked = editionDraftSchema.safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setConflict(null);
    setSaving(true);
    try {
      const result = id
        ? await apiRequest<Edition>('PUT', apiPath(apiPaths.adminEdition, { id }), { ...checked.data, version })
        : await apiRequest<Edition>('POST', apiPaths.adminEditions, checked.data);
      window.localStorage.removeItem(unsavedKey(id));
      setVersion(result.version);
      await queryClient.invalidateQueries({ queryKey: adminKey('editions') });
      toast({ title: 'Draft saved', description: `“${result.title}” is saved.` });
      onClose(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.serverMessage);
      else if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else toast({ title: 'Not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="editor-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="editor-heading" className="font-serif text-2xl font-bold text-stone-900">
          {edition ? 'Edit edition' : 'New edition'}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => onClose(null)}>
            Back to editions
          </Button>
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Save draft'}
          </Button>
        </div>
      </div>
      {restored && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Your unsaved changes from earlier were restored.
        </p>
      )}
      {conflict && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {conflict} Your text is still here.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <TextField
            label="Title"
            value={draft.title}
            maxLength={EDITION_LIMITS.title}
            error={errors.title}
            onChange={(event) => change({ title: event.target.value, ...(slugTouched ? {} : { slug: slugify(event.target.value) }) })}
          />
          <TextField
            label="Summary"
            hint="The preview text shown in the inbox after the subject."
            counter={`${draft.summary.length}/${EDITION_LIMITS.summary}`}
            value={draft.summary}
            maxLength={EDITION_LIMITS.summary}
            error={errors.summary}
            onChange={(event) => change({ summary: event.target.value })}
          />
          <TextField
            label="Web address"
            hint={`The edition's page: /weekly-dish/${draft.slug || '…'}`}
            value={draft.slug}
            maxLength={EDITION_LIMITS.slug}
            error={errors.slug}
            onChange={(event) => {
              setSlugTouched(true);
              change({ slug: event.target.value });
            }}
          />
          <SelectField
            label="Audience"
            placeholder="Choose who receives it"
            options={editionAudiences.map((value) => ({ value, label: audienceLabels[value] }))}
            value={draft.audience}
            error={errors.audience}
            onChange={(event) => change({ audience: (event.target.value || 'subscribers') as EditionAudience })}
          />
          <div className="grid gap-1.5">
            <div role="toolbar" aria-label="Formatting" aria-controls="edition-body" className="flex flex-wrap gap-1">
              {toolbar.map(({ format: kind, label, Icon }) => (
                <button
                  key={kind}
                  type="button"
                  // The text keeps the focus and its selection: the button only acts on them.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => format(kind)}
                  className="inline-flex h-9 items-center gap-1 rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-800 hover:bg-stone-100"
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {label}
                </button>
              ))}
            </div>
            <TextAreaField
              ref={body}
              id="edition-body"
              label="Body (Markdown)"
              rows={18}
              className="font-mono"
              value={draft.body}
              maxLength={EDITION_LIMITS.body}
              error={errors.body}
              hint="## for a section heading, **bold**, *italic*, [link](https://…), - for a list, > for a quote."
              onChange={(event) => change({ body: event.target.value })}
            />
          </div>
        </div>
        <div className="grid content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold text-stone-900">Preview: what subscribers get</h3>
            <div role="group" aria-label="Preview width" className="flex gap-1">
              <Button size="sm" variant={width === 'desktop' ? 'primary' : 'outline'} aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
                <Monitor className="h-4 w-4" aria-hidden="true" /> Desktop
              </Button>
              <Button size="sm" variant={width === 'phone' ? 'primary' : 'outline'} aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
                <Smartphone className="h-4 w-4" aria-hidden="true" /> Phone
              </Button>
            </div>
          </div>
          <div className="overflow-x-auto rounded-lg border border-stone-300 bg-stone-100 p-2">
            {/* Sandboxed: the email's HTML runs no script and cannot reach this page. */}
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={preview}
              className="mx-auto block h-[640px] rounded bg-white"
              style={{ width: width === 'phone' ? 375 : '100%', maxWidth: '100%' }}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
