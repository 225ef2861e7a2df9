/** The part of Vite's build manifest we read: each source module's output chunk and what it imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

function reachable(manifest: ViteManifest, start: string[], into = new Set<string>()): Set<string> {
  for (const key of start) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    reachable(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/**
 * `<link rel="modulepreload">` tags for a page's own chunk and the chunks it imports, minus
 * those the entry already loads: the browser fetches them alongside the main bundle instead of
 * after it has run, which removes a round trip before the first paint.
 */
export function pagePreloadTags(manifest: ViteManifest, page: string): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = reachable(manifest, entries);
  const chunks = [...reachable(manifest, [`pages/${page}.tsx`])].filter((key) => !loadedByEntry.has(key));
  const tags = chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
  const css = new Set(chunks.flatMap((key) => manifest[key]!.css ?? []));
  for (const file of css) tags.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
  return tags.join('\n    ');
}
