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
// (`server/mail/delivery-engine.ts`, drizzle/0017_stored_html.sql) or a folder (server/payment-providers/).
// The character after it tells an example or a pattern (`server/features/<name>/`, `e2e/*.spec.ts`).
const TOP = '(?:server|client|shared|scripts|bench|e2e|docs|drizzle|content|public|\\.ci)';
const PATH = new RegExp('(?<![\\w./-])(' + TOP + '/[\\w./-]*[\\w/])([<*{…]?)', 'g');
// A Markdown link to a file of the repository, relative to the document: [decision 035](decisions/035-server-layers.md).
const LINK = /\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g;
// A file named without its folder: `offers.test.ts`, membership.ts, ARCHITECTURE.md.
const NAME = /(?<![\w./*-])(\w[\w-]*(?:\.[\w-]+)*\.(?:ts|tsx|mjs|sql|md))\b(?![/-])/g;
const BACKTICKED_NAME = /`([\w-]+(?:\.[\w-]+)*\.(?:js|json|css))`/g;

/** Folders the code writes at run time, not files of the repository. */
// Named with or without its slash: on a fresh clone the folder does not exist yet, so it must never count as a file.
const madeAtRunTime = (path) => ['bench/results', 'data'].some((folder) => path === folder || path.startsWith(`${folder}/`));

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

describe('the decision records', () => {
  const folder = join(root, 'docs/decisions');
  const records = readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'))
    .sort();

  // A list of records in a status: "027, 035 and 057".
  const LIST = String.raw`\d{3}(?:(?:, | and )\d{3})*`;
  const numbersIn = (text, words) => [...text.matchAll(new RegExp(String.raw`\b${words} (${LIST})`, 'gi'))].flatMap(([, list]) => list.match(/\d{3}/g));
  const listed = (numbers) => numbers.join(', ').replace(/, (\d{3})$/, ' and $1');

  /**
   * What a record says of itself under its title, as the template has it: "Date: 2026-11-27.
   * Status: accepted; amended by 064 (what it changed). Amends 025 (what it changes)." The status is
   * its first sentence without the asides in parentheses; the later sentences say which earlier
   * records it amends or supersedes.
   */
  function headOf(name) {
    const text = readFileSync(join(folder, name), 'utf8');
    const head = /^# (\d{3}): (.+)\n\nDate: (\d{4}-\d{2}-\d{2})\. Status: (.+(?:\n.+)*)/.exec(text);
    if (!head) return undefined;
    let paragraph = head[4];
    while (/\([^()]*\)/.test(paragraph)) paragraph = paragraph.replace(/\s*\([^()]*\)/g, '');
    paragraph = paragraph.replace(/\s+/g, ' ');
    const status = paragraph.split(/[.:](?:\s|$)/)[0];
    const amends = numbersIn(paragraph, 'amends');
    const supersedes = numbersIn(paragraph, 'supersedes');
    return {
      number: head[1],
      title: head[2],
      date: head[3],
      status,
      amendedBy: numbersIn(status, 'amended by'),
      supersededBy: numbersIn(status, 'superseded by'),
      amends,
      supersedes,
      changes: [amends.length && `amends ${listed(amends)}`, supersedes.length && `supersedes ${listed(supersedes)}`].filter(Boolean).join('; '),
    };
  }

  it('say their date and status under the title, as the template does', () => {
    expect(records.filter((name) => !headOf(name))).toEqual([]);
  });

  it('are listed in docs/decisions/README.md in order, each with the title, date and status its file states', () => {
    const index = readFileSync(join(folder, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\| \[(.+?)\]\((.+?)\) \| (.*?) \| (.*?) \| (.*?) \|$/gm)].map(([, record, file, date, status, changes]) => ({
      file,
      record,
      date,
      status,
      changes,
    }));
    const expected = records.map(headOf).map((head, i) => ({
      file: records[i],
      record: `${head?.number}: ${head?.title}`,
      date: head?.date,
      status: head?.status,
      changes: head?.changes,
    }));
    expect(rows).toEqual(expected);
  });

  it('that amend or supersede another are named in its status, and the other way round', () => {
    const heads = new Map(records.map(headOf).map((head) => [head?.number, head]));
    const unmatched = [];
    for (const [number, head] of heads) {
      if (!head) continue;
      for (const [later, earlier, verb] of [
        ['amends', 'amendedBy', 'amended by'],
        ['supersedes', 'supersededBy', 'superseded by'],
      ]) {
        for (const other of head[later]) {
          if (!heads.get(other)?.[earlier].includes(number)) unmatched.push(`${number} ${later} ${other}; ${other} is not ${verb} ${number}`);
        }
        for (const other of head[earlier]) {
          if (!heads.get(other)?.[later].includes(number)) unmatched.push(`${number} is ${verb} ${other}; ${other} does not say it ${later} ${number}`);
        }
      }
    }
    expect(unmatched).toEqual([]);
  });
});
