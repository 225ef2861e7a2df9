import type { ContentSection } from '#shared/content/pages';
import { fillPrices } from '#shared/content/prices-in-text';
import { markdownToHtml } from '#shared/markdown/render';

/**
 * How an item's Markdown becomes the HTML kept with its published version (and shown in the
 * preview): checkboxes are named after the item, so several on one page stay apart; resources
 * are worksheets (line breaks kept); premium pages keep `{{SLACK_INVITE_URL}}` for the server to
 * fill in with the setting; a field guide's headings are anchors, which the library of actions
 * links to (/field-guide/fuel#build-cash-reserves-you-can-actually-measure). Prices are filled in
 * from the price list here, not by the page: the kept HTML is what the page shows, and what
 * search indexes and quotes (decision 042). A changed price list, or a guide kept before its
 * headings had anchors, is rendered again at the next start (renderMissingHtml).
 */
export function renderContentHtml(section: ContentSection, slug: string, body: string): string {
  return fillPrices(markdownToHtml(body, { idPrefix: slug, breaks: section === 'resources', placeholders: section === 'premium', headingIds: section === 'field-guides' }));
}
