import { z } from '../zod';
import { emailAddress, invalidEmailMessage } from '../email';
import { honeypot } from '../newsletter/schemas';
import { type PillarName, pillarNames } from '../content/pillars';

/** An ally serves one of the five pillars (docs/product.md §3's directory item). */
export const allyCategories = pillarNames;
export type AllyCategory = PillarName;

export const TAGLINE_MAX = 500;
/** Longer search text is cut, not refused: a search box should always answer. */
export const SEARCH_MAX = 200;
export const ALLIES_PAGE_SIZE = 24;

/** An HTML tag or comment (`<script`, `</b`, `<!--`); "<3" or "5 < 10" are fine. */
const markup = /<\/?[a-z!?]/i;

/** Submitted text is shown to members: markup is refused outright, not stored and escaped later. */
const plainText = (label: string, max: number, missing = `${label} must be text`) =>
  z
    .string({ error: missing })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !markup.test(value), `${label} must be plain text, without HTML tags`);

const optionalText = (label: string, max: number) => plainText(label, max).default('');

const invalidWebsiteMessage = 'Please enter a valid website address, like example.org';

/** The address as linked: https:// added when it does not start with http (docs/product.md §2). */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website.replace(/^\/+/, '')}`;
}

/**
 * What a member sees of a website: the host it really leads to (and its path), never the text
 * it was written as, so "https://trusted.org@evil.com" shows evil.com. Null when it is no URL.
 */
export function websiteLabel(website: string): string | null {
  try {
    const url = new URL(websiteHref(website));
    return `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return null;
  }
}

/**
 * A URL with or without scheme; only http(s), the host must have a dot (example.org), and
 * nothing that hides where it leads: no protocol-relative "//host", no user-info "name@host".
 */
const website = z
  .string({ error: invalidWebsiteMessage })
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .refine((value) => {
    if (value === '') return true;
    if (value.startsWith('//') || /^[a-z][a-z0-9+.-]*:\/{3,}/i.test(value)) return false;
    if (/\s/.test(value) || /^[a-z][a-z0-9+.-]*:(?!\/\/)/i.test(value) || (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^https?:\/\//i.test(value)))
      return false;
    try {
      const url = new URL(websiteHref(value));
      return (
        url.username === '' && url.password === '' && !/@/.test(value.replace(/^https?:\/\//i, '').split(/[/?#]/)[0]!) && /^[^.]+(\.[^.]+)+$/.test(url.hostname)
      );
    } catch {
      return false;
    }
  }, invalidWebsiteMessage)
  .default('');

/** POST /api/allies/submit (docs/product.md §3 and §5): name, category and submitterEmail are required. */
export const allySubmissionSchema = z
  .object({
    name: plainText('Organization name', 200, 'Organization name is required').pipe(z.string().min(1, 'Organization name is required')),
    tagline: optionalText('Tagline', TAGLINE_MAX),
    category: z.enum(allyCategories, { error: `Please choose a category: ${allyCategories.join(', ')}` }),
    howTheyHelp: optionalText('How you help', 3000),
    whatMakesDifferent: optionalText('What makes you different', 3000),
    traction: optionalText('Traction', 3000),
    offerForMembers: optionalText('Offer for members', 2000),
    vibeCheck: optionalText('Vibe check', 2000),
    website,
    email: z
      .string({ error: invalidEmailMessage })
      .trim()
      .max(254, 'Email must be at most 254 characters')
      .refine((value) => value === '' || z.email().safeParse(value).success, invalidEmailMessage)
      .default(''),
    submitterName: optionalText('Your name', 200),
    submitterEmail: emailAddress,
    fax: honeypot,
  })
  .strict();

export type AllySubmissionInput = z.input<typeof allySubmissionSchema>;
export type AllySubmission = z.output<typeof allySubmissionSchema>;

/** GET /api/allies: the query string, forgiving by design (any search text, even a repeated parameter, gets an answer). */
export const allySearchQuerySchema = z
  .object({
    search: z
      .string()
      .catch('')
      .transform((value) => value.trim().slice(0, SEARCH_MAX)),
    category: z
      .string()
      .catch('')
      .transform((value) => allyCategories.find((c) => c.toLowerCase() === value.trim().toLowerCase()) ?? null),
    page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  })
  .strip();

/** A member's review of an ally: 1 to 5 stars and a short comment. */
export const allyReviewSchema = z
  .object({
    rating: z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a whole number from 1 to 5')
      .max(5, 'Rating must be a whole number from 1 to 5'),
    comment: optionalText('Comment', 500),
  })
  .strict();

export type AllyReviewInput = z.input<typeof allyReviewSchema>;

/** An ally's public profile, as submitted: what the directory and the admin both show. */
export type AllyProfile = Omit<AllySubmission, 'email' | 'submitterName' | 'submitterEmail' | 'fax'>;

/** What a premium member sees of an ally (docs/product.md §3's directory item, plus freshness and ratings). */
export interface DirectoryAlly extends AllyProfile {
  id: string;
  lastVerifiedAt: string | null;
  rating: { average: number | null; count: number };
  myReview: { rating: number; comment: string; hidden: boolean } | null;
}

export interface AllyPage {
  allies: DirectoryAlly[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AllyReview {
  id: string;
  rating: number;
  comment: string;
  author: string;
  createdAt: string;
  mine: boolean;
}
