import type { EditionAudience, FeedbackAnswer } from '#shared/newsletter/editions';

/**
 * What an edition's email is made of, shared by its text part (email.ts) and its HTML part
 * (edition-mail-html.tsx, loaded on first use). Rendered once per edition; each recipient's copy
 * only replaces UNSUBSCRIBE_PLACEHOLDER. No tracking pixel. A sent edition's links lead through
 * its counted redirect (decision 045), the same addresses in every copy: they count a link, not a person.
 */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';
/** The recipient's email preferences page (decision 046), signed for their address like the unsubscribe link. */
export const PREFERENCES_PLACEHOLDER = '{{preferences_url}}';

/** One recipient's own links. */
export interface RecipientLinks {
  unsubscribe: string;
  preferences: string;
}

export interface EditionContent {
  title: string;
  summary: string;
  body: string;
  slug: string;
  audience: EditionAudience;
  issueNumber: number | null;
  askFeedback?: boolean;
}

/**
 * A test copy ("Send a test to me") says it is one in place of the two links that work only in a
 * subscriber's copy of a sent edition: the web page (there once it is sent) and the unsubscribe
 * link (the admin may not be a subscriber).
 */
export interface RenderOptions {
  test?: boolean;
  /** The copy subscribers get: its links counted, and its "Was this useful?" links if the edition asks. */
  counted?: CountedLinks;
}
export const testTexts = {
  webPage: 'This is a test. Subscribers get a link to the edition’s web page here.',
  unsubscribe: 'Subscribers get their unsubscribe link here.',
  /** Where the question goes, in a test copy and the editor's preview (their links would count nothing). */
  feedback: 'Subscribers are asked “Was this useful? Yes / No” here.',
};

export const FEEDBACK_QUESTION = 'Was this useful?';

/** The counted redirect of an edition's link number `number` (server/features/editions/count-routes.ts). */
export const countedLinkPath = (editionId: string, number: number) => `/r/${editionId}/${number}`;
export const feedbackPath = (editionId: string, answer: FeedbackAnswer) => `/useful/${editionId}/${answer}`;

/**
 * The counted links of one edition's email, numbered from 1 in the order they first appear; an
 * address written twice is one link. The HTML and text parts share one instance, so they agree.
 */
export class CountedLinks {
  readonly urls: string[] = [];
  constructor(
    readonly editionId: string,
    readonly publicUrl: string,
    readonly askFeedback: boolean,
  ) {}
  address = (url: string): string => {
    let number = this.urls.indexOf(url) + 1;
    if (number === 0) number = this.urls.push(url);
    return `${this.publicUrl}${countedLinkPath(this.editionId, number)}`;
  };
  feedback = (answer: FeedbackAnswer): string => `${this.publicUrl}${feedbackPath(this.editionId, answer)}`;
}

export interface EmailSettings {
  publicUrl: string;
  postalAddress: string;
}

export interface RenderedEdition {
  subject: string;
  html: string;
  text: string;
}

export const whyReceived = (audience: EditionAudience, settings: EmailSettings) =>
  audience === 'premium'
    ? `You are receiving this announcement as a premium member of ${new URL(settings.publicUrl).host}.`
    : `You are receiving The Weekly Dish because you signed up at ${new URL(settings.publicUrl).host}.`;
