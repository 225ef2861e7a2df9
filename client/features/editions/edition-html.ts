/** Pure helpers for showing an edition: a preview, its headings under a dialog or card title. */

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
