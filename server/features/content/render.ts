import type { ContentSection } from '#shared/content/pages';
import { markdownToHtml } from '#shared/markdown/render';

/**
 * How an item's Markdown becomes the HTML kept with its published version (and shown in the
 * preview): checkboxes are named after the item, so several on one page stay apart; resources
 * are worksheets (line breaks kept); premium pages keep `{{SLACK_INVITE_URL}}` for the server to
 * fill in with the setting.
 */
export function renderContentHtml(section: ContentSection, slug: string, body: string): string {
  return markdownToHtml(body, { idPrefix: slug, breaks: section === 'resources', placeholders: section === 'premium' });
}
