import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const zodDirect = { name: 'zod', message: 'Import z from shared/zod.ts (#shared/zod): Zod is configured there once, for the CSP.' };
// Also loads Tailwind, Markdown and code highlighting (0.64 s, ~30 MB): mails import each element
// from its own package (decision 037).
const reactEmailAll = { name: '@react-email/components', message: 'Import the element from its own package, e.g. @react-email/text.' };
const noServer = { group: ['**/server/**', '#server/*'], message: 'client/ never imports server/' };
// TanStack Query loads only with the pages that use it (decision 021): its hooks come from
// client/lib/query-client.ts, whose loading gives the browser its client.
const queryLibrary = {
  name: '@tanstack/react-query',
  allowTypeImports: true,
  message: 'Import the hooks from client/lib/query-client.ts: loading it is what provides their client.',
};

const routerLinks = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "Use client/components/link.tsx: React Router's Link runs about ten hooks per link as a page hydrates.",
};
const serverTests = ['server/**/*.test.{ts,tsx}', 'server/test/**'];
const compositionFiles = ['server/app.ts', 'server/features.ts', 'server/main.ts', 'server/schedule.ts', 'server/stored-html.ts'];
const anyFeature = {
  regex: '(^|/)features/|^#server/features/',
  message:
    "Below the features (db, http, mail, jobs, rendering, helpers): import no feature. Move what is shared down here, or do the wiring in the feature's feature.ts.",
};
// Route files hold no SQL (decision 033): they call their feature's repository, which alone knows
// the tables (server/db/schema.ts, or a feature's own schema.ts) and the query builder.
const noTablesInRoutes = {
  regex: '(^|/)schema$',
  message: "A route file imports no table: write the query as a named function in the feature's repository (repo.ts) and call it.",
};
const noQueryBuilderInRoutes = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: "A route file writes no query: put it in the feature's repository (repo.ts) as a named function.",
};
const otherFeatureRoutes = {
  regex: '^(\\.\\./[\\w-]+|(\\.\\./)+features/[\\w-]+|#server/features/[\\w-]+)/([\\w-]+-)?routes$',
  message: "Another feature's routes: use its service modules (or move the shared piece below the features); only its own feature.ts mounts them.",
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Zod is configured once (jitless, for the CSP): everything imports it through shared/zod.ts.
      'no-restricted-imports': ['error', { paths: [zodDirect] }],
    },
  },
  // No module reaches itself again through its imports, on either side (type-only imports, which
  // vanish at runtime, do not count).
  {
    files: ['client/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [queryLibrary, zodDirect, routerLinks], patterns: [noServer] }],
    },
  },
  // Feature folders (as bulletproof-react keeps them): a feature uses another only through its
  // public modules (its hooks, use-*.ts, its api.ts, the signed-in user's store, and the two
  // components named below);
  // lib/ and components/ are below the features and never import one.
  {
    files: ['client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [queryLibrary, zodDirect, routerLinks],
          patterns: [
            noServer,
            {
              regex: '^\\.\\./(?!\\.)[\\w-]+/(?!use-|api$|user-store$|test-card-form$|pillar-allies-link$)',
              message: "Another feature's internals: import its hooks (use-*) or api.ts, or move the shared piece to components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/lib/**/*.{ts,tsx}', 'client/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [queryLibrary, zodDirect, routerLinks], patterns: [noServer] }] },
  },
  // The client's layers point down: app/ (the shell: routes, layout, header) and pages/ (one screen
  // per route) put the features together; a feature never imports a page or the shell; lib/ and
  // components/ sit below the features and import none of the three. What several layers use
  // (the page spinner, the 404 screen) lives down in components/ or lib/.
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'client/features',
              from: ['client/pages', 'client/app'],
              message: 'A feature never imports a page or the shell (app/): move the shared piece down to components/ or lib/.',
            },
            {
              target: ['client/components', 'client/lib'],
              from: ['client/features', 'client/pages', 'client/app'],
              message: 'lib/ and components/ sit below the features, pages and shell: they import none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The query client's own module, its context in the entry, and the server's render.
    files: ['client/lib/query-client.ts', 'client/lib/query-provider.tsx', 'client/entry-server.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodDirect], patterns: [noServer] }] },
  },
  // The server's layers point one way (docs/decisions/035-server-layers.md): the composition
  // (app.ts, features.ts, main.ts, schedule.ts, stored-html.ts) puts the features together; a
  // feature may use another feature's modules but never its routes, which only its own feature.ts
  // mounts (decision 074); db/, http/, mail/, jobs/, rendering/, payment-providers/ and the
  // helpers beside app.ts (the audit log, CSV, the context, feature.ts) sit below the features
  // and import none. An import of the composition makes a cycle (no-cycle above); a loop between
  // features that passes through no single file is found by scripts/import-layers.mjs, which npm
  // run lint also runs; it takes a feature's schema.ts (its tables) as declarations, not code, and
  // holds it to importing schema files only (decision 076). Tests and their helpers (server/test/)
  // stand outside the layers: they build the whole app.
  {
    files: ['server/features/**/*.{ts,tsx}'],
    ignores: serverTests,
    rules: { 'no-restricted-imports': ['error', { paths: [zodDirect, reactEmailAll], patterns: [otherFeatureRoutes] }] },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/features/**', ...compositionFiles, ...serverTests],
    rules: { 'no-restricted-imports': ['error', { paths: [zodDirect, reactEmailAll], patterns: [anyFeature] }] },
  },
  // Route files (routes.ts, admin-routes.ts, *-routes.ts): the same rules, and neither a table nor
  // the query builder (decision 033).
  {
    files: ['server/features/**/*routes.ts'],
    ignores: serverTests,
    rules: {
      'no-restricted-imports': ['error', { paths: [zodDirect, reactEmailAll], patterns: [otherFeatureRoutes, noTablesInRoutes, noQueryBuilderInRoutes] }],
    },
  },
  {
    files: ['server/**/*routes.ts'],
    ignores: ['server/features/**', ...serverTests],
    rules: { 'no-restricted-imports': ['error', { paths: [zodDirect, reactEmailAll], patterns: [anyFeature, noTablesInRoutes, noQueryBuilderInRoutes] }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodDirect],
          patterns: [{ group: ['**/server/**', '**/client/**', '#server/*', '#client/*'], message: 'shared/ imports neither client/ nor server/' }],
        },
      ],
    },
  },
  // The one module that imports Zod itself.
  { files: ['shared/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Dates shown to people are on the site's clock (SITE_TIMEZONE): shared/site-time.ts writes them
  // all (its date and year in shared/site-year.ts, which the footer of every page loads), given the zone (the browser's useSiteDates, the server's ctx.env.SITE_TIMEZONE). A date
  // written any other way takes the zone of whatever machine runs it, the UTC day on a server.
  {
    files: ['client/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'shared/**/*.ts'],
    // Tests may compute what they expect with Intl, naming the zone.
    ignores: ['shared/site-time.ts', 'shared/site-year.ts', 'shared/date-format.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          "CallExpression[callee.property.name='toUTCString']",
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          'ImportDeclaration[source.value=/date-format$/]',
        ].map((selector) => ({
          selector,
          message: "Write a date for people with shared/site-time.ts (useSiteDates() in the client, ctx.env.SITE_TIMEZONE on the server): on the site's clock.",
        })),
      ],
    },
  },
);
