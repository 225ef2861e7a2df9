import { useEffect, useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { audienceLabels, type Edition, type EditionAudience, EDITION_LIMITS, editionAudiences, editionDraftSchema, slugify } from '#shared/newsletter/editions';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../../lib/api';
import { useQueryClient } from '../../../lib/query-client';
import { DraftNotices } from '../../../components/editor/draft-notices';
import { MarkdownEditor } from '../../../components/editor/markdown-editor';
import { PreviewFrame } from '../../../components/editor/preview-frame';
import { useUnsavedDraft } from '../../../components/editor/use-unsaved';
import { adminKey } from '../use-admin';
import { AdminSection } from '../admin-section';

interface Draft {
  title: string;
  summary: string;
  slug: string;
  body: string;
  audience: EditionAudience;
}

const empty: Draft = { title: '', summary: '', slug: '', body: '', audience: 'subscribers' };

/**
 * Writing an edition: title, summary (the inbox preview text), web address and the
 * Markdown body with a toolbar, beside a live preview that is the email's own HTML, at desktop and
 * phone width. A save names the version it started from; if another tab or admin saved since, the
 * server refuses and this text stays here (and in this browser) to be copied over.
 */
export function EditionEditor({ edition, onClose }: { edition: Edition | null; onClose: (saved: Edition | null) => void }) {
  const queryClient = useQueryClient();
  const id = edition?.id ?? null;
  const saved: Draft = edition ? { title: edition.title, summary: edition.summary, slug: edition.slug, body: edition.body, audience: edition.audience } : empty;
  // Unsaved text survives a reload or a crash of the tab: kept in this browser until saved.
  const { draft, setDraft, restored, forget } = useUnsavedDraft(`weekly-dish-unsaved:${id ?? 'new'}`, saved);
  const [version, setVersion] = useState(edition?.version ?? 1);
  const [slugTouched, setSlugTouched] = useState(Boolean(edition));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string>('');

  // The preview is rendered by the server with the email's own template, a moment after typing
  // stops: from the first moment, empty fields and all.
  useEffect(() => {
    const timer = setTimeout(() => {
      apiRequest<{ html: string }>('POST', adminApiPaths.adminEditionPreview, {
        title: draft.title,
        summary: draft.summary,
        body: draft.body,
        audience: draft.audience,
      })
        .then(({ html }) => setPreview(html))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [draft.title, draft.summary, draft.body, draft.audience]);

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

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
        ? await apiRequest<Edition>('PUT', apiPath(adminApiPaths.adminEdition, { id }), { ...checked.data, version })
        : await apiRequest<Edition>('POST', adminApiPaths.adminEditions, checked.data);
      forget();
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
    <AdminSection
      title={edition ? 'Edit edition' : 'New edition'}
      actions={
        <>
          <Button variant="outline" onClick={() => onClose(null)}>
            Back to editions
          </Button>
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Save draft'}
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
          <MarkdownEditor id="edition-body" value={draft.body} maxLength={EDITION_LIMITS.body} error={errors.body} onChange={(body) => change({ body })} />
        </div>
        <PreviewFrame heading="Preview: what subscribers get" title="Email preview" html={preview} />
      </div>
    </AdminSection>
  );
}
