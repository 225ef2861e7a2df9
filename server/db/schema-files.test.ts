import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import drizzleConfig from '../../drizzle.config';
import { tablesByFile } from '../test/schema-tables';

const root = join(import.meta.dirname, '../..');

/** The files a pattern of drizzle.config.ts names ('*' stands for one folder's name, as drizzle-kit reads it there). */
function filesOf(pattern: string): string[] {
  const expand = (dir: string, rest: string[]): string[] => {
    const [head, ...tail] = rest;
    if (head === undefined) return existsSync(join(root, dir)) ? [dir] : [];
    const names = head === '*' ? readdirSync(join(root, dir)) : [head];
    return names.flatMap((name) => expand(dir ? `${dir}/${name}` : name, tail));
  };
  return expand('', pattern.replace(/^\.\//, '').split('/'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('the schema: the core tables and each feature’s own, in several files', () => {
  it('is read by drizzle-kit from the files the tests walk, each declaring a table', () => {
    const read = [drizzleConfig.schema ?? []].flat().flatMap(filesOf).sort();
    expect(read).toEqual([...tablesByFile.keys()].sort());
    for (const [file, tables] of tablesByFile) expect(tables.length, `${file} declares no table`).toBeGreaterThan(0);
  });

  it('has no table declared anywhere else in the server, where drizzle-kit would not see it', () => {
    const elsewhere = sourceFiles('server')
      .filter((file) => !tablesByFile.has(file))
      .filter((file) => /\bpgTable\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(elsewhere).toEqual([]);
  });
});
