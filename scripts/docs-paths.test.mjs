import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

// A path in backticks that starts at one of the repository's top folders and names a file
// (it has an extension): `server/mail/queue.ts`, `client/lib/api.ts`, `drizzle/0017_stored_html.sql`.
const TOP = '(?:server|client|shared|scripts|bench|e2e|docs|drizzle|content|public|\\.ci)';
const PATH = new RegExp('`(' + TOP + '/[\\w./-]+\\.[a-z]{1,5})(?::\\d+)?`', 'g');

/** Paths a document names that are meant as examples or as files made at run time, not files of the repository. */
const notRepositoryFiles = (path) => path.includes('*') || path.includes('<') || path.startsWith('data/');

describe('the documentation', () => {
  it('names only files that exist: a renamed or deleted file must be renamed in the docs too', () => {
    const missing = [];
    for (const doc of documents()) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const [, path] of text.matchAll(PATH)) {
        if (notRepositoryFiles(path)) continue;
        if (!existsSync(join(root, path))) missing.push(`${doc}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
