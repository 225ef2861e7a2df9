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
 * Every chunk a first visit to the page runs before React hydrates, but the entry itself: the
 * chunks the entry imports (React and the app's shell: the entry is a small file that imports
 * them), then the page's own chunk and what it imports. The loader asks for the entry and
 * preloads these beside it, all at once, instead of the browser finding them one import after
 * another (a round trip each on a phone). Also the stylesheets the page's own chunks bring, as
 * tags for the head.
 */
export function pageAssets(manifest: ViteManifest, page: string): { chunks: string[]; stylesheetTags: string } {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = reachable(manifest, entries);
  const all = reachable(manifest, [`pages/${page}.tsx`], new Set(loadedByEntry));
  const chunks = [...all].filter((key) => !manifest[key]!.isEntry);
  // The entry's stylesheets are in the template, inlined (document.ts): only the page's own are linked.
  const css = new Set([...all].filter((key) => !loadedByEntry.has(key)).flatMap((key) => manifest[key]!.css ?? []));
  return {
    chunks: chunks.map((key) => `/${manifest[key]!.file}`),
    stylesheetTags: [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('\n    '),
  };
}
