import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** README.md and every Markdown file under docs/: what a new engineer reads first. */
function documents() {
  const found = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** The names of the repository's files (installed packages, builds and run-time data left out). */
function fileNames() {
  const skipped = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  walk('.');
  return names;
}

// A path that starts at one of the repository's top folders, in backticks or not: a file
// (`server/mail/queue.ts`, drizzle/0017_stored_html.sql) or a folder (server/payment-providers/).
// The character after it tells an example or a pattern (`server/features/<name>/`, `e2e/*.spec.ts`).
const TOP = '(?:server|client|shared|scripts|bench|e2e|docs|drizzle|content|public|\\.ci)';
const PATH = new RegExp('(?<![\\w./-])(' + TOP + '/[\\w./-]*[\\w/])([<*{…]?)', 'g');
// A Markdown link to a file of the repository, relative to the document: [decision 035](decisions/035-server-layers.md).
const LINK = /\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g;
// A file named without its folder: `offers.test.ts`, membership.ts, ARCHITECTURE.md.
const NAME = /(?<![\w./*-])(\w[\w-]*(?:\.[\w-]+)*\.(?:ts|tsx|mjs|sql|md))\b(?![/-])/g;
const BACKTICKED_NAME = /`([\w-]+(?:\.[\w-]+)*\.(?:js|json|css))`/g;

/** Folders the code writes at run time, not files of the repository. */
const madeAtRunTime = (path) => ['bench/results/', 'data/'].some((folder) => path.startsWith(folder));

describe('the documentation', () => {
  it('names only files that exist: a renamed or deleted file must be renamed in the docs too', () => {
    const names = fileNames();
    const missing = [];
    for (const doc of documents()) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const [, path, next] of text.matchAll(PATH)) {
        if (next || madeAtRunTime(path)) continue;
        if (!existsSync(join(root, path))) missing.push(`${doc}: ${path}`);
      }
      for (const [, target] of text.matchAll(LINK)) {
        if (/^[a-z]+:/.test(target) || target.startsWith('/')) continue;
        if (!existsSync(join(root, dirname(doc), target))) missing.push(`${doc}: link to ${target}`);
      }
      for (const [, name] of [...text.matchAll(NAME), ...text.matchAll(BACKTICKED_NAME)]) {
        if (!names.has(name)) missing.push(`${doc}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
