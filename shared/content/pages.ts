import { z } from '../zod';
import { instant } from '../date-fields';
import { versionSchema } from '../number-fields';
import { isStorableText, unstorableTextMessage } from '../text';
import { optionalText, requiredText } from '../text-fields';
import { questions } from '../checkup/questions';
import { pillarNames } from './pillars';

/**
 * The site's content in the database: pages and resources written in /admin → Content
 * and published without a deploy. Each item belongs to a section; the fixed sections hold the
 * pages the site's routes show (a guide, Start Here, a legal page), the open ones take new items.
 */
export const contentSections = ['field-guides', 'pages', 'legal', 'premium', 'resources', 'actions'] as const;
export type ContentSection = (typeof contentSections)[number];

export const sectionLabels: Record<ContentSection, string> = {
  'field-guides': 'Field guides',
  pages: 'Site pages',
  legal: 'Legal pages',
  premium: 'Premium library',
  resources: 'Resources library',
  actions: 'Plan actions',
};

/** The sections the team adds items to; the others are the pages of the site's route table. */
export const openSections: readonly ContentSection[] = ['premium', 'resources', 'actions'];

/** Premium items are served to premium sessions only. */
export const isPremiumSection = (section: ContentSection) => section === 'premium';

export const CONTENT_LIMITS = { title: 200, summary: 500, slug: 80, body: 100_000, field: 300 } as const;
export const ACTION_MAX_LINKS = 8;

/** Where an item is read on the site (the page a preview shows and the sitemap lists). */
export function contentPath(section: ContentSection, slug: string): string {
  switch (section) {
    case 'field-guides':
      return `/field-guide/${slug}`;
    case 'pages':
    case 'legal':
      return `/${slug}`;
    case 'premium':
      return `/premium-resources#${slug}`;
    case 'resources':
      return `/resources?q=${encodeURIComponent(slug)}`;
    // An action has no page of its own: it is read where plans are made (shared/plans/library.ts).
    case 'actions':
      return '/plans';
  }
}

const text = requiredText;

export const contentSlugSchema = z
  .string({ error: 'Web address must be text' })
  .trim()
  .min(1, 'Web address is required')
  .max(CONTENT_LIMITS.slug, `Web address must be at most ${CONTENT_LIMITS.slug} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Web address may use lower-case letters, digits and single dashes only');

/** A resource's outside link: an http(s) address only, never javascript: or data:. */
const linkSchema = z
  .string({ error: 'Link must be text' })
  .trim()
  .max(CONTENT_LIMITS.field, `Link must be at most ${CONTENT_LIMITS.field} characters`)
  .refine((value) => value === '' || /^https?:\/\/[^/\s\\]+/i.test(value), 'Link must start with https:// or http://')
  .optional();

/** The fields beyond title, summary and body; which ones apply depends on the section. */
export const contentFieldsSchema = z
  .object({
    /** Resources: the pillar it is grouped under, and its kind (Checklist, Template, Worksheet…). */
    pillar: z.enum(pillarNames, { error: `Pillar must be one of: ${pillarNames.join(', ')}` }).optional(),
    format: optionalText('Kind', 60).optional(),
    url: linkSchema,
    source: optionalText('Source', 120).optional(),
    /** Plan actions: the Check-Up statement (1-20) it answers, when it is for one statement rather than its whole pillar. */
    statement: z
      .number({ error: 'Statement must be a number from 1 to 20' })
      .int('Statement must be a number from 1 to 20')
      .min(1, 'Statement must be a number from 1 to 20')
      .max(20, 'Statement must be a number from 1 to 20')
      .optional(),
    /** Plan actions: what helps (a field guide section, resources, an Allies category, webinar recordings), each a label and a site path or web address. */
    links: z
      .array(
        z
          .object({
            label: text('Link text', 120),
            href: z
              .string({ error: 'Link must be text' })
              .trim()
              .max(CONTENT_LIMITS.field, `Link must be at most ${CONTENT_LIMITS.field} characters`)
              .refine((value) => /^\/(?!\/)[^\s\\]*$/.test(value) || /^https?:\/\/[^/\s\\]+/i.test(value), 'Link must be a site path (/…) or start with https:// or http://'),
          })
          .strict(),
        { error: 'Links must be a list of text and address' },
      )
      .max(ACTION_MAX_LINKS, `An action has at most ${ACTION_MAX_LINKS} links`)
      .optional(),
  })
  .strict();
export type ContentFields = z.infer<typeof contentFieldsSchema>;

export const contentDraftSchema = z
  .object({
    title: text('Title', CONTENT_LIMITS.title),
    summary: optionalText('Summary', CONTENT_LIMITS.summary),
    body: z
      .string({ error: 'Body must be text' })
      .max(CONTENT_LIMITS.body, `Body must be at most ${CONTENT_LIMITS.body} characters`)
      .refine(isStorableText, unstorableTextMessage)
      .default(''),
    fields: contentFieldsSchema.default({}),
  })
  .strict();
export type ContentDraft = z.input<typeof contentDraftSchema>;

/** A new item of an open section. */
export const contentCreateSchema = contentDraftSchema.extend({
  section: z.enum(openSections as [ContentSection, ...ContentSection[]], { error: `Section must be one of: ${openSections.join(', ')}` }),
  slug: contentSlugSchema,
});

/** A save names the version it was edited from: a later save from another tab is refused (409), nothing lost. */
export const contentSaveSchema = contentDraftSchema.extend({ version: versionSchema }).strict();

/** Publish now (no `at`) or at a time; `version` is the draft being published. */
export const contentPublishSchema = z
  .object({
    version: versionSchema,
    at: instant('Publish time').optional(),
  })
  .strict();

export const contentPreviewSchema = contentDraftSchema.extend({ section: z.enum(contentSections), slug: contentSlugSchema }).strict();

/** Resources need a pillar and a kind to be listed; a plan action needs its pillar, and its statement must be of that pillar. */
export function sectionFieldErrors(section: ContentSection, fields: ContentFields): Record<string, string> {
  const errors: Record<string, string> = {};
  if (section === 'resources') {
    if (!fields.pillar) errors['fields.pillar'] = 'Pillar is required';
    if (!fields.format) errors['fields.format'] = 'Kind is required';
  }
  if (section === 'actions') {
    if (!fields.pillar) errors['fields.pillar'] = 'Pillar is required';
    const statement = fields.statement === undefined ? undefined : questions.find((question) => question.id === fields.statement);
    if (statement && fields.pillar && statement.category !== fields.pillar.toUpperCase()) errors['fields.statement'] = `Statement ${statement.id} is not one of ${fields.pillar}'s statements`;
  }
  return errors;
}

export const contentStatuses = ['draft', 'scheduled', 'published'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** A row of the admin's Content tab. */
export interface ContentSummary {
  id: string;
  section: ContentSection;
  slug: string;
  title: string;
  /** What visitors see: 'published' while a version is live (a change may be scheduled), 'scheduled' when none is yet. */
  status: ContentStatus;
  /** Saved changes not yet published (the live page shows the last published version). */
  unpublishedChanges: boolean;
  /** When the draft is to be published: the first publish, or a change to the live page. */
  publishAt: string | null;
  /** When the live version was published. */
  publishedAt: string | null;
  /** The last change of any kind (a save, a publish, scheduled or not, an unpublish) and who made it. */
  updatedBy: string | null;
  updatedAt: string;
  /** Where a resource or a plan action belongs (the draft's pillar, and an action's statement), so the list can be filtered by it. */
  pillar: (typeof pillarNames)[number] | null;
  statement: number | null;
}

export interface ContentItem extends ContentSummary {
  summary: string;
  body: string;
  fields: ContentFields;
  version: number;
  path: string;
}

/** The answer to a save: the item, and when the publish was to be that the save cancelled (the draft is no longer what was scheduled). */
export interface ContentSaved extends ContentItem {
  cancelledSchedule: string | null;
}

export interface ContentVersionSummary {
  number: number;
  title: string;
  publishedBy: string | null;
  publishedAt: string;
  live: boolean;
}

/** One line-run of a comparison: kept, added or removed. */
export interface ContentChange {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface ContentVersion extends ContentVersionSummary {
  summary: string;
  body: string;
  fields: ContentFields;
  /** What this version changed from the one before it. */
  changes: ContentChange[];
}

/** What a visitor's page gets: the published version, rendered. */
export interface PublishedPage {
  section: ContentSection;
  slug: string;
  title: string;
  summary: string;
  fields: ContentFields;
  html: string;
  publishedAt: string;
}

/** One entry of the resources library. */
export interface PublishedResource {
  id: string;
  title: string;
  pillar: (typeof pillarNames)[number];
  format: string;
  summary: string;
  /** The body as HTML, rendered once when published: shown when the card opens, and searched. */
  html: string;
  url?: string;
  source?: string;
}

/** Where stored images are served (not an API path: a plain, immutably cached file address). */
export const MEDIA_PATH = '/media/:file';

/** A stored image. */
export const IMAGE_LIMITS = { bytes: 5 * 1024 * 1024, alt: 300, width: 1600, phoneWidth: 640 } as const;
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof imageTypes)[number];

export const imageAltSchema = text('Alt text', IMAGE_LIMITS.alt);

export interface UploadedImage {
  id: string;
  url: string;
  alt: string;
  width: number;
  height: number;
  /** Ready to paste into the Markdown. */
  markdown: string;
}
