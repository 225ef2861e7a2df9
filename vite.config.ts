import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .vite/chunks.json beside the manifest: for each output chunk, the modules in it and
 * their rendered sizes, so bench/landing-js.mjs can say what each file of a visit is.
 */
function chunkReport(): Plugin {
  return {
    name: 'chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const root = new URL('.', import.meta.url).pathname;
      const report: Record<string, { name: string; isEntry: boolean; isDynamicEntry: boolean; modules: Record<string, number> }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          const where = id.includes('/node_modules/') ? id.slice(id.lastIndexOf('/node_modules/') + 14) : id.replace(root, '');
          modules[where] = info.renderedLength;
        }
        report[output.fileName] = { name: output.name, isEntry: output.isEntry, isDynamicEntry: output.isDynamicEntry, modules };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(report) });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), chunkReport()],
  // The server's renderer is React's production build whatever NODE_ENV the process has:
  // `npm start` sets none, and React's development build renders slower and logs dev warnings.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    alias: [
      // React Router's package exports only its development build (ENABLE_DEV_WARNINGS = true,
      // which keeps its warning code in the bundle); its production build is the same code without.
      { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
    ],
  },
  // The server-side build (entry-server.tsx) carries its dependencies, React included: the
  // production server needs no client packages installed.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        // Positions for the server's stack traces, without the sources' text (as the server's own build).
        rolldownOptions: { output: { sourcemapExcludeSources: true } },
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
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }], experimentalInlineCommonChunks: { maxSize: 8 * 1024 } } },
        },
        sourcemap: false,
        chunkSizeWarningLimit: 300,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
}));
