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
 * A page's own chunk and the chunks it imports, minus those the entry already loads (the loader
 * preloads them beside the entry, instead of the entry finding them one import after another),
 * and the stylesheets those chunks bring, as tags for the head.
 */
export function pageAssets(manifest: ViteManifest, page: string): { chunks: string[]; stylesheetTags: string } {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = reachable(manifest, entries);
  const own = [...reachable(manifest, [`pages/${page}.tsx`])].filter((key) => !loadedByEntry.has(key));
  const css = new Set(own.flatMap((key) => manifest[key]!.css ?? []));
  return {
    chunks: own.map((key) => `/${manifest[key]!.file}`),
    stylesheetTags: [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('\n    '),
  };
}
