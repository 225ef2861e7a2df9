import { escapeHtml } from '#shared/text';

/**
 * One person's copy of a mail written once for many: each placeholder takes its value, as it is
 * in the text and HTML-escaped in the HTML (a link's `&` is `&amp;` there). compiled-mail.ts fills
 * the encoded bodies the same way; this is for a copy composed whole.
 */
export function fillPlaceholders<T extends { html: string; text: string }>(mail: T, values: Record<string, string>): T {
  // Functions, so that a "$&" in a value is not read as a replacement pattern.
  const fill = (body: string, escape: (value: string) => string) =>
    Object.entries(values).reduce((out, [placeholder, value]) => out.replaceAll(placeholder, () => escape(value)), body);
  return { ...mail, html: fill(mail.html, escapeHtml), text: fill(mail.text, (value) => value) };
}
