import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { buildOutputs, buildState } from './build-freshness.mjs';

const at = (root, file, seconds) => {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  utimesSync(path, seconds, seconds);
};

it('says a build is missing, fresh, or older than a source file', () => {
  const root = mkdtempSync(join(tmpdir(), 'nlh-fresh-'));
  // Folders count too (a deleted file changes its folder): every time here is after their creation.
  const now = Date.now() / 1000 + 100;
  at(root, 'client/app/app.tsx', now + 1000);
  expect(buildState(root)).toBe('missing');
  for (const file of buildOutputs) at(root, file, now + 2000);
  expect(buildState(root)).toBe('fresh');
  at(root, 'server/rendering/routes.ts', now + 3000);
  expect(buildState(root)).toBe('stale');
  for (const file of buildOutputs) at(root, file, now + 4000);
  expect(buildState(root)).toBe('fresh');
  at(root, 'package.json', now + 5000);
  expect(buildState(root)).toBe('stale');
});
