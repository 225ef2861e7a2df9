import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '#shared/page-render';

/**
 * The app's server renderer: the Vite SSR build of client/entry-server.tsx (dist/ssr), loaded
 * once on first use. Undefined when there is no build (the API tests without a client), in
 * which case pages are served with their head only.
 */
export async function loadRenderer(file: string): Promise<RenderPage | undefined> {
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { render: RenderPage };
  return module.render;
}
