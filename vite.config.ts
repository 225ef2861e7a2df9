import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { marked } from 'marked';
import { defineConfig, type Plugin } from 'vite';
import { splitFrontMatter } from './shared/content/front-matter';

/**
 * `import guide from 'content/x.md'` gives `{ meta, html }`, rendered at build time: pages ship
 * finished HTML from our own trusted content/ folder and no Markdown parser reaches the browser.
 */
export function markdown(): Plugin {
  return {
    name: 'content-markdown',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.md')) return null;
      const { meta, body } = splitFrontMatter(readFileSync(id, 'utf8'));
      const html = marked.parse(body, { async: false, gfm: true });
      return `export default ${JSON.stringify({ meta, html })};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [markdown(), react(), tailwindcss()],
  // The server-side build (entry-server.tsx) carries its dependencies, React included: the
  // production server needs no client packages installed.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        target: 'node20',
      }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        // The server reads it to preload each route's own chunk.
        manifest: true,
        // Every browser we serve knows <link rel="modulepreload">: no polyfill in the entry.
        modulePreload: { polyfill: false },
        // Everything the entry needs at once in one file (React, the router, TanStack Query, the
        // shell): the small shared chunks the default splitting makes cost a request and their
        // own compression overhead each, on every first visit.
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
        sourcemap: false,
        chunkSizeWarningLimit: 300,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
}));
