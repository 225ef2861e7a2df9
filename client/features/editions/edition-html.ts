/** Pure helpers for showing an edition: its date, a preview, its headings under a dialog or card title. */

import { calendarDate, siteLongDate } from '#shared/site-time';

/**
 * When an edition went out, "November 17, 2026": an instant is the day the site's clock
 * (`timeZone`, SITE_TIMEZONE) read when it was sent, so one sent at 11 PM on a Saturday in New
 * York is dated that Saturday; a bare date (2026-11-17, as content writes it) is that date.
 */
export function formatEditionDate(date: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return calendarDate(date);
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) return date;
  return siteLongDate(instant, timeZone);
}

/** The edition's opening paragraph and its section headings (inner HTML), for a preview. */
export function editionPreview(html: string): { intro: string; sections: string[] } {
  const beforeFirstSection = html.split(/<h2[\s>]/)[0] ?? '';
  const intro = /<p>([\s\S]*?)<\/p>/.exec(beforeFirstSection)?.[1] ?? /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  const sections = [...html.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((match) => match[1]!);
  return { intro, sections };
}

/** Moves an edition's headings one level down, to sit under the heading that introduces it. */
export function demoteHeadings(html: string, levels = 1): string {
  return html.replace(/<(\/?)h([1-5])(?=[\s>])/g, (_match, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + levels)}`);
}
