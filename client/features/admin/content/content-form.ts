import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type ContentFields, type ContentItem, type ContentSection, contentDraftSchema, sectionFieldErrors } from '#shared/content/pages';
import type { z } from '#shared/zod';

/**
 * The form's fields are text boxes and selects: an empty one is a field left out. A plan action's
 * statement is a select's text ('' for the whole pillar) and its links a list of label and address.
 */
export type FieldsForm = { pillar: string; format: string; url: string; source: string; statement: string; links: { label: string; href: string }[] };

export interface Draft {
  title: string;
  summary: string;
  slug: string;
  body: string;
  fields: FieldsForm;
}

/** The draft and the time to publish it at, which is not kept with the draft. */
export type ContentForm = Draft & { at: string };
export type ContentValues = z.output<typeof contentDraftSchema> & { slug: string; at: string };

export const draftOf = (item: ContentItem | null): Draft => {
  const fields = item?.fields ?? {};
  return {
    title: item?.title ?? '',
    summary: item?.summary ?? '',
    slug: item?.slug ?? '',
    body: item?.body ?? '',
    fields: {
      pillar: fields.pillar ?? '',
      format: fields.format ?? '',
      url: fields.url ?? '',
      source: fields.source ?? '',
      statement: fields.statement ? String(fields.statement) : '',
      links: fields.links ?? [],
    },
  };
};

/** What is sent: the text fields filled in, the statement as its number, the links when there are any (each as written: a half-filled one is refused under it). */
export const filled = ({ statement, links, ...text }: FieldsForm): ContentFields => ({
  ...Object.fromEntries(Object.entries(text).filter(([, value]) => value !== '')),
  ...(statement ? { statement: Number(statement) } : {}),
  ...(links?.length ? { links } : {}),
});

const checkDraft = zodResolver(contentDraftSchema);

/** The shared schema checks the draft; a resource needs its pillar and kind, an action its pillar (and a statement of it), and a new item its web address. */
export const contentResolver =
  (section: ContentSection, isNew: boolean): Resolver<ContentForm, unknown, ContentValues> =>
  async (values, context, options) => {
    const { title, summary, body, fields, slug, at } = values;
    // The options name the form's fields, which are the schema's and two more; only their types differ (text boxes).
    const checked = await checkDraft({ title, summary, body, fields: filled(fields) }, context, options as unknown as Parameters<typeof checkDraft>[2]);
    const more: Record<string, string> = Object.keys(checked.errors).length === 0 ? sectionFieldErrors(section, (checked.values as ContentValues).fields) : {};
    if (isNew && !slug) more.slug = 'Web address is required';
    if (Object.keys(checked.errors).length === 0 && Object.keys(more).length === 0) return { values: { ...(checked.values as ContentValues), slug, at }, errors: {} };
    const errors: FieldErrors<ContentForm> = { ...(checked.errors as FieldErrors<ContentForm>) };
    for (const [path, message] of Object.entries(more)) {
      const [name, field] = path.split('.');
      if (name === 'fields') errors.fields = { ...errors.fields, [field!]: { type: 'required', message } };
      else errors[name as 'slug'] = { type: 'required', message };
    }
    return { values: {}, errors };
  };
