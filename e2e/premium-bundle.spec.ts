import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Premium content stays on the server (docs/product.md (Decisions), "Server behaviour"): every file of the
 * built client is read, and none may contain premium-only text or links from content/premium/
 * or the default premium links. Runs in the end-to-end stage because that stage always builds.
 */
const clientDir = process.env.E2E_CLIENT_DIR ?? 'dist/client';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Distinctive premium-only text: every link, and the opening words of every long line. */
function premiumMarkers(): string[] {
  const markers = new Set<string>(['join.slack.com/t/nonprofit-leaders-hub']);
  for (const file of readdirSync('content/premium')) {
    const text = readFileSync(join('content/premium', file), 'utf8');
    for (const url of text.match(/https:\/\/[^\s)]+/g) ?? []) markers.add(url);
    for (const line of text.split('\n')) {
      const plain = line
        .replace(/^[-#*\d.\s]+/, '')
        .replace(/\*\*|\[|\]\([^)]*\)|`/g, '')
        .trim();
      if (plain.length >= 60 && !plain.includes('{{')) markers.add(plain.slice(0, 48));
    }
  }
  return [...markers];
}

test('no premium-only text or link is in the built client', async ({ baseURL: _unused }, info) => {
  test.skip(info.project.name !== 'desktop', 'one scan is enough');
  const markers = premiumMarkers();
  expect(markers.length).toBeGreaterThan(40);
  const files = filesUnder(clientDir);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const marker of markers) if (text.includes(marker)) leaks.push(`${file}: ${marker}`);
  }
  expect(leaks).toEqual([]);
});
