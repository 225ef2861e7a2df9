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
 * What a page shows at once to someone the server saw signed in, in a chunk of its own that the
 * page's `preload` loads before React hydrates (client/pages/home.tsx: the member home). For them
 * it is preloaded with the page: found only once the page's chunk had run, it cost the member's
 * home two more round trips on a phone before it was ready (docs/benchmarks.md).
 */
const signedInModules: Record<string, string[]> = { home: ['features/member-home/member-home.tsx'] };

/**
 * Every chunk a first visit to the page runs before React hydrates, but the entry itself: the
 * chunks the entry imports (React and the app's shell: the entry is a small file that imports
 * them), then the page's own chunk and what it imports, and for someone signed in
 * (`userPending`) what the page shows them at once. The loader asks for the entry and preloads
 * these beside it, all at once, instead of the browser finding them one import after another (a
 * round trip each on a phone). Also the stylesheets the page's own chunks bring, as tags for the
 * head.
 */
export function pageAssets(manifest: ViteManifest, page: string, userPending = false): { chunks: string[]; stylesheetTags: string } {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = reachable(manifest, entries);
  const own = [`pages/${page}.tsx`, ...(userPending ? (signedInModules[page] ?? []) : [])];
  const all = reachable(manifest, own, new Set(loadedByEntry));
  const chunks = [...all].filter((key) => !manifest[key]!.isEntry);
  // The entry's stylesheets are in the template, inlined (document.ts): only the page's own are linked.
  const css = new Set([...all].filter((key) => !loadedByEntry.has(key)).flatMap((key) => manifest[key]!.css ?? []));
  return {
    chunks: chunks.map((key) => `/${manifest[key]!.file}`),
    stylesheetTags: [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('\n    '),
  };
}
