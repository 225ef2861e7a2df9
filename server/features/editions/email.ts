import { markdownToText } from '#shared/markdown/render';
import { type EditionAudience, editionEyebrow } from '#shared/newsletter/editions';

/**
 * An edition as email: the HTML part in the site's one email layout (server/mail/email-layout.tsx,
 * react-email), the text part from the same
 * Markdown. Rendered once per edition; each recipient's copy only replaces UNSUBSCRIBE_PLACEHOLDER.
 * No tracking pixel, no rewritten links: the links are the ones the author wrote.
 */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';

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

export async function renderEdition(edition: EditionContent, settings: EmailSettings, { test = false }: RenderOptions = {}): Promise<RenderedEdition> {
  // The template and react-email come with the first edition rendered: they hold some 40 MB of
  // memory that a server rendering no edition has no use for.
  const { editionHtml } = await import('./email-template');
  const html = await editionHtml(edition, settings, test);
  const eyebrow = editionEyebrow(edition);
  const text = [
    `The Weekly Dish${eyebrow ? ` · ${eyebrow}` : ''}`,
    '',
    edition.title.toUpperCase(),
    '',
    markdownToText(edition.body, { siteUrl: settings.publicUrl }).trim(),
    '',
    '----',
    ...(test
      ? [testTexts.webPage, testTexts.unsubscribe]
      : [
          `View in your browser: ${settings.publicUrl}/weekly-dish/${edition.slug}`,
          `${whyReceived(edition.audience, settings)} Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
        ]),
    settings.postalAddress,
    '',
  ].join('\n');
  return { subject: edition.title, html, text };
}

/** One recipient's copy: the only per-recipient part is the unsubscribe link. */
export function personalise(rendered: RenderedEdition, unsubscribeUrl: string): RenderedEdition {
  const escaped = unsubscribeUrl.replace(/&/g, '&amp;');
  return {
    subject: rendered.subject,
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escaped),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
