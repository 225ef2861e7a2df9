import { Link } from '@react-email/components';
import { markdownToHtml, markdownToText } from '#shared/markdown/render';
import { type EditionAudience, editionEyebrow } from '#shared/newsletter/editions';
import { EmailLayout, mutedLinkStyle, renderEmail } from '../../mail/email-layout';

/**
 * An edition as email: the HTML part from the site's one email layout (server/mail/email-layout.tsx,
 * react-email), the text part from the same Markdown. Rendered once per edition; each recipient's copy only replaces UNSUBSCRIBE_PLACEHOLDER.
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
const testTexts = {
  webPage: 'This is a test. Subscribers get a link to the edition’s web page here.',
  unsubscribe: 'Subscribers get their unsubscribe link here.',
};

export interface EmailSettings {
  publicUrl: string;
  postalAddress: string;
}

function EditionEmail({ edition, settings, test }: { edition: EditionContent; settings: EmailSettings; test: boolean }) {
  const eyebrow = editionEyebrow(edition);
  return (
    <EmailLayout
      preview={edition.summary || undefined}
      above={
        test ? (
          testTexts.webPage
        ) : (
          <Link href={`${settings.publicUrl}/weekly-dish/${edition.slug}`} style={mutedLinkStyle}>
            View in your browser
          </Link>
        )
      }
      eyebrow={`The Weekly Dish${eyebrow ? ` · ${eyebrow}` : ''}`}
      title={edition.title}
      footer={[
        test ? (
          testTexts.unsubscribe
        ) : (
          <>
            {whyReceived(edition.audience, settings)}{' '}
            <Link href={UNSUBSCRIBE_PLACEHOLDER} style={mutedLinkStyle}>
              Unsubscribe
            </Link>
          </>
        ),
        settings.postalAddress,
      ]}
    >
      <div dangerouslySetInnerHTML={{ __html: markdownToHtml(edition.body, { siteUrl: settings.publicUrl }) }} />
    </EmailLayout>
  );
}

export interface RenderedEdition {
  subject: string;
  html: string;
  text: string;
}

const whyReceived = (audience: EditionAudience, settings: EmailSettings) =>
  audience === 'premium'
    ? `You are receiving this announcement as a premium member of ${new URL(settings.publicUrl).host}.`
    : `You are receiving The Weekly Dish because you signed up at ${new URL(settings.publicUrl).host}.`;

export async function renderEdition(edition: EditionContent, settings: EmailSettings, { test = false }: RenderOptions = {}): Promise<RenderedEdition> {
  const html = await renderEmail(<EditionEmail edition={edition} settings={settings} test={test} />);
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
