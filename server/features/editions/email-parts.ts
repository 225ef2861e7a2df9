import type { EditionAudience } from '#shared/newsletter/editions';

/**
 * What an edition's email is made of, shared by its text part (email.ts) and its HTML part
 * (email-template.tsx, loaded on first use). Rendered once per edition; each recipient's copy
 * only replaces UNSUBSCRIBE_PLACEHOLDER. No tracking pixel, no rewritten links: the links are
 * the ones the author wrote.
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
}

/**
 * A test copy ("Send a test to me") says it is one in place of the two links that work only in a
 * subscriber's copy of a sent edition: the web page (there once it is sent) and the unsubscribe
 * link (the admin may not be a subscriber).
 */
export interface RenderOptions {
  test?: boolean;
}
export const testTexts = {
  webPage: 'This is a test. Subscribers get a link to the edition’s web page here.',
  unsubscribe: 'Subscribers get their unsubscribe link here.',
};

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
