import { markdownToText } from '#shared/markdown/render';
import { editionEyebrow } from '#shared/newsletter/editions';
import { fillPlaceholders } from '../../mail/placeholders';
import {
  type EditionContent,
  type EmailSettings,
  FEEDBACK_QUESTION,
  PREFERENCES_PLACEHOLDER,
  type RecipientLinks,
  type RenderedEdition,
  type RenderOptions,
  testTexts,
  UNSUBSCRIBE_PLACEHOLDER,
  whyReceived,
} from './edition-mail-parts';

/** Renders an edition once: the text part here, the HTML part from the template, loaded on first use. */
export async function renderEdition(edition: EditionContent, settings: EmailSettings, { test = false, counted }: RenderOptions = {}): Promise<RenderedEdition> {
  // The template and react-email come with the first edition rendered: they hold some 40 MB of
  // memory that a server rendering no edition has no use for.
  const { editionHtml } = await import('./edition-mail-html');
  const html = await editionHtml(edition, settings, test, counted);
  const eyebrow = editionEyebrow(edition);
  const text = [
    `The Weekly Dish${eyebrow ? ` · ${eyebrow}` : ''}`,
    '',
    edition.title.toUpperCase(),
    '',
    markdownToText(edition.body, { siteUrl: settings.publicUrl, linkAddress: counted?.address }).trim(),
    '',
    ...(!counted && edition.askFeedback ? [testTexts.feedback, ''] : []),
    ...(counted?.askFeedback ? [`${FEEDBACK_QUESTION} Yes: ${counted.feedback('yes')} No: ${counted.feedback('no')}`, ''] : []),
    '----',
    ...(test
      ? [testTexts.webPage, testTexts.unsubscribe]
      : [
          `View in your browser: ${settings.publicUrl}/weekly-dish/${edition.slug}`,
          `${whyReceived(edition.audience, settings)} Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
          `Choose which emails you get: ${PREFERENCES_PLACEHOLDER}`,
        ]),
    settings.postalAddress,
    '',
  ].join('\n');
  return { subject: edition.title, html, text };
}

/** One recipient's copy: the only per-recipient parts are the unsubscribe and preferences links. */
export function personalise(rendered: RenderedEdition, links: RecipientLinks): RenderedEdition {
  return fillPlaceholders(rendered, { [UNSUBSCRIBE_PLACEHOLDER]: links.unsubscribe, [PREFERENCES_PLACEHOLDER]: links.preferences });
}
