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
function markdown(): Plugin {
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

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [markdown(), react(), tailwindcss()],
  resolve: {
    // Production runs our React code on Preact's compatible runtime: React 19's react-dom alone
    // is 65 KB gzipped, more than the 80 KB landing budget leaves (docs/decisions/003).
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // The server reads it to preload each route's own chunk.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 300,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
});
