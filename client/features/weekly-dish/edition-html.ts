/** Pure helpers for showing an edition: its date, a preview, its headings under a dialog or card title. */

import { formatDate } from '#shared/date-format';

/**
 * 2026-11-17 or an instant of that day → "November 17, 2026", the same in every time zone:
 * editions go out on Tuesday mornings in the site's zone, which is the same date in UTC.
 */
export function formatEditionDate(date: string): string {
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) return date;
  return formatDate(instant, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
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
