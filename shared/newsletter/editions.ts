import { z } from '../zod';
import { instant } from '../date-fields';
import { versionSchema } from '../number-fields';
import { optionalText, requiredText } from '../text-fields';

/**
 * The Weekly Dish's editions: written in the admin, sent to an audience, archived on
 * the site. A cancelled schedule makes the edition a draft again: there is no "cancelled".
 */
export const editionStatuses = ['draft', 'scheduled', 'sending', 'paused', 'sent'] as const;
export type EditionStatus = (typeof editionStatuses)[number];

/**
 * Whom an edition goes to (decision 046): every subscriber; the subscribers who are not premium
 * members; the premium members (decision 032: members, subscribed or not, who did not
 * unsubscribe); or the subscribers of a saved segment. Only editions for every subscriber are
 * numbered and archived.
 */
export const editionAudiences = ['subscribers', 'free', 'premium', 'segment'] as const;
export type EditionAudience = (typeof editionAudiences)[number];

/** The answers to an edition's "Was this useful?" (decision 045). */
export const feedbackAnswers = ['yes', 'no'] as const;
export type FeedbackAnswer = (typeof feedbackAnswers)[number];
/** Where an answer to "Was this useful?" leads once counted. */
export const FEEDBACK_THANKS_PATH = '/weekly-dish-thanks';
export const audienceLabels: Record<EditionAudience, string> = {
  subscribers: 'Every newsletter subscriber',
  free: 'Free subscribers only (not premium members)',
  premium: 'Premium members only',
  segment: 'A saved segment',
};
const audienceSchema = z.enum(editionAudiences, { error: `Audience must be one of: ${editionAudiences.join(', ')}` }).default('subscribers');
const segmentIdSchema = z.uuid('Segment must be a saved segment').nullable().default(null);
/** A segment is named exactly when the audience is one. */
const segmentMatchesAudience = <S extends z.ZodType<{ audience: EditionAudience; segmentId: string | null }>>(schema: S) =>
  schema.refine((value) => (value.audience === 'segment') === (value.segmentId !== null), {
    message: 'Segment: choose a saved segment for the audience "A saved segment", and none for the others',
    path: ['segmentId'],
  });

export const EDITION_LIMITS = { title: 200, summary: 300, slug: 80, body: 100_000 } as const;

const text = requiredText;

/**
 * "Issue 48: …" typed into a title: the number is put before every public edition's title when it
 * is sent, so it would show twice.
 */
const startsWithIssueNumber = /^\s*issue\s*(?:no\.?\s*|#\s*)?\d+\b/i;
export const ISSUE_NUMBER_IN_TITLE = 'Leave the issue number out: it is added automatically when the edition is sent';

/** Lower-case words joined by dashes: the edition's address under /weekly-dish/. */
export const slugSchema = z
  .string({ error: 'Web address must be text' })
  .trim()
  .min(1, 'Web address is required')
  .max(EDITION_LIMITS.slug, `Web address must be at most ${EDITION_LIMITS.slug} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Web address may use lower-case letters, digits and single dashes only');

/** The title as a web address: "Year-End Giving!" → "year-end-giving". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, EDITION_LIMITS.slug)
    .replace(/-+$/, '');
}

const editionDraftFields = z
  .object({
    title: text('Title', EDITION_LIMITS.title).refine((title) => !startsWithIssueNumber.test(title), ISSUE_NUMBER_IN_TITLE),
    summary: optionalText('Summary', EDITION_LIMITS.summary),
    slug: slugSchema,
    body: text('Body', EDITION_LIMITS.body),
    audience: audienceSchema,
    segmentId: segmentIdSchema,
    askFeedback: z.boolean({ error: 'askFeedback must be true or false' }).default(false),
  })
  .strict();
export const editionDraftSchema = segmentMatchesAudience(editionDraftFields);
export type EditionDraft = z.input<typeof editionDraftSchema>;

/** A save names the version it was edited from: a later save from another tab is refused (409), nothing lost. */
export const editionSaveSchema = segmentMatchesAudience(editionDraftFields.extend({ version: versionSchema }).strict());
export type EditionSave = z.input<typeof editionSaveSchema>;

export const editionScheduleSchema = z.object({ sendAt: instant('Send time') }).strict();

/** The editor's preview shows what is written so far: a new edition's empty fields too. */
export const editionPreviewSchema = z
  .object({
    title: optionalText('Title', EDITION_LIMITS.title),
    summary: optionalText('Summary', EDITION_LIMITS.summary),
    body: optionalText('Body', EDITION_LIMITS.body),
    audience: audienceSchema,
    askFeedback: z.boolean({ error: 'askFeedback must be true or false' }).default(false),
  })
  .strict();

/** The send dialog's live count: an audience, and the segment when it is one. */
export const audienceCountSchema = segmentMatchesAudience(z.object({ audience: audienceSchema, segmentId: segmentIdSchema }).strict());

export interface EditionProgress {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  remaining: number;
}

/** A row of the admin's list. */
export interface EditionSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  audience: EditionAudience;
  /** The saved segment of a segment's edition; null once a sent edition's segment was deleted. */
  segmentId: string | null;
  segmentName: string | null;
  status: EditionStatus;
  issueNumber: number | null;
  scheduledAt: string | null;
  sentAt: string | null;
  updatedAt: string;
  progress: EditionProgress;
  /** Subscribers who unsubscribed since the edition started sending. */
  unsubscribesSince: number;
}

export interface Edition extends EditionSummary {
  body: string;
  version: number;
  askFeedback: boolean;
  failures: { reason: string; count: number }[];
}

/** GET /api/admin/editions/:id/report (decision 045): what is known of a sent edition without tracking anyone. */
export interface EditionReport {
  /** Copies the mail server accepted (edition_deliveries marked sent). */
  delivered: number;
  /** Copies that bounced (hard or soft, each copy once: decision 043), and complaints about copies. */
  bounced: number;
  complaints: number;
  /** Recipients who unsubscribed with this edition's link or its List-Unsubscribe header. */
  unsubscribes: number;
  /** Each counted link, by number, with its follows in total and per day (YYYY-MM-DD, site time zone). */
  links: { number: number; url: string; total: number; days: { day: string; count: number }[] }[];
  /** "Was this useful?": whether the edition asks, and the answers. */
  feedback: { asked: boolean; yes: number; no: number };
}

export interface EditionList {
  editions: EditionSummary[];
  /** The default "Schedule" time: next Tuesday at 07:00 in the site's time zone, as an instant. */
  nextSlot: string;
  timeZone: string;
}

/** What the site shows of a sent edition: everyone a public one, signed-in premium members a premium announcement. */
export interface PublicEdition {
  slug: string;
  title: string;
  summary: string;
  audience: EditionAudience;
  issueNumber: number | null;
  sentAt: string;
  /**
   * The day it went out on the site's clock (SITE_TIMEZONE), "2026-11-28": pages write it with
   * `calendarDate`, without the browser's Intl, whose first use costs a phone about 140 ms.
   */
  sentOn: string;
  readingTime: string;
  html: string;
}
export type PublicEditionSummary = Omit<PublicEdition, 'html'>;

/**
 * What a premium announcement's page starts from, the same for every visitor: whom it is for,
 * nothing of what it says. A signed-in premium member's browser then asks for the edition itself.
 */
export interface LockedEdition {
  slug: string;
  audience: 'premium';
  locked: true;
}
export const isLocked = (edition: PublicEdition | LockedEdition): edition is LockedEdition => 'locked' in edition;

export interface PublicEditions {
  /** The latest sent edition, in full (the 'View Sample Issue' dialog). */
  latest: PublicEdition | null;
  /** The three before it, in full for their dialogs. */
  recent: PublicEdition[];
  /** Every sent edition, newest first, without its text: the archive's links. */
  archive: PublicEditionSummary[];
}

/** How many editions after the latest the archive page shows in full. */
export const RECENT_EDITIONS = 3;

/** About 230 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
export const readingTime = (minutes: number) => `${minutes} min read`;

export const editionStatusLabel = (edition: Pick<EditionSummary, 'status' | 'progress'>): string => {
  const base = { draft: 'Draft', scheduled: 'Scheduled', sending: 'Sending', paused: 'Paused', sent: 'Sent' }[edition.status];
  // Never "Sent" alone when messages failed.
  return edition.status === 'sent' && edition.progress.failed > 0 ? `${base} · ${edition.progress.failed} failed` : base;
};

export const unsubscribeSchema = z
  .object({ token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(1000, 'The link is not valid') })
  .strict();

/**
 * An unsubscribe from an edition's link carries the edition it came from, to be counted against it
 * (decision 045). Never a reason to refuse: a value that is no edition is ignored.
 */
export const editionUnsubscribeSchema = unsubscribeSchema.extend({ edition: z.string().max(100).optional() }).strict();

/** An edition page's title and description, for the server's head and the client's alike. */
export const editionHead = (edition: Pick<PublicEdition, 'title' | 'summary' | 'issueNumber'>) => ({
  title: `${edition.title} · The Weekly Dish`,
  description: edition.summary || `Issue ${edition.issueNumber ?? ''} of The Weekly Dish, the free Tuesday newsletter for nonprofit leaders.`,
});

/** A premium announcement's page head: the same for everyone, saying nothing of what is in it, and kept out of search. */
export const premiumEditionHead = {
  title: 'For premium members · The Weekly Dish',
  description: 'An edition of The Weekly Dish for premium members of the community.',
  noindex: true,
} as const;

/** The line above an edition's title, in the email and on its page: its issue number, or who a premium announcement is for. */
export const editionEyebrow = (edition: Pick<PublicEdition, 'audience' | 'issueNumber'>): string =>
  edition.audience === 'premium' ? 'For premium members' : edition.issueNumber ? `Issue ${edition.issueNumber}` : '';
