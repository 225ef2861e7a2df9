// The JavaScript a landing visit loads: every script response of a first visit to / until the
// network is idle (so lazily loaded route chunks count too), and what each file is, from the
// build's chunk report (vite.config.ts writes .vite/chunks.json). Budget: ≤ 100 KB gzipped.
// Two figures per file: the bytes actually transferred (whatever encoding the server chose,
// usually brotli) and the body gzipped here with zlib's default level, as a server sends it on
// `Accept-Encoding: gzip`; the budget is checked on the gzip figure so it does not depend on
// the server's compression settings.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumPath, clientDir } from './config.mjs';
import { playwrightChromiumFlags } from '../scripts/chromium-flags.mjs';
import { printTable } from './table.mjs';

export const landingBudgetKb = 100;
const kb = (bytes) => (bytes / 1024).toFixed(1);

export async function measureLandingJs(origin) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: playwrightChromiumFlags });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });

    const files = [];
    for (const response of scripts) {
      const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
      files.push({
        url: new URL(response.url()).pathname,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        transferBytes: sizes.responseBodySize,
        rawBytes: body.length,
        gzipBytes: gzipSync(body).length,
      });
    }
    const report = chunkReport();
    const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
    const totals = { transferBytes: total('transferBytes'), rawBytes: total('rawBytes'), gzipBytes: total('gzipBytes') };

    console.log(`\nJavaScript loaded by a visit to / (KB = 1024 bytes):`);
    printTable(
      ['file', 'sent as', 'transferred KB', 'raw KB', 'gzip KB', 'what it is (share of its code before minifying)'],
      [
        ...files.map((f) => [f.url, f.encoding, kb(f.transferBytes), kb(f.rawBytes), kb(f.gzipBytes), describe(report, f.url)]),
        ['total', '', kb(totals.transferBytes), kb(totals.rawBytes), kb(totals.gzipBytes), ''],
      ],
    );
    for (const f of files) f.contents = describe(report, f.url);
    const gzipKb = totals.gzipBytes / 1024;
    return {
      figures: { files, ...totals },
      checks: [
        {
          budget: `Landing JavaScript ≤ ${landingBudgetKb} KB gzipped`,
          measured: `${gzipKb.toFixed(1)} KB gzip (${kb(totals.transferBytes)} KB transferred) in ${files.length} files`,
          status: gzipKb <= landingBudgetKb ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    await browser.close();
  }
}

/** The build's chunk report: for each output file, its modules and their sizes. */
function chunkReport() {
  const file = join(clientDir, '.vite', 'chunks.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** What a module belongs to: its npm package, or its folder in our source (client/app, shared/content…). */
function owner(moduleId) {
  if (!moduleId.startsWith('client/') && !moduleId.startsWith('shared/') && !moduleId.startsWith('content/')) {
    const parts = moduleId.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = moduleId.split('/');
  if (parts[0] === 'client' && parts[1] === 'features') return parts.slice(0, 3).join('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : moduleId;
}

/** "entry: react-dom 71%, react-router 13%, …" for a file of the visit. */
function describe(report, url) {
  const chunk = report[url.replace(/^\//, '')];
  if (!chunk) return '(no chunk report: rebuild)';
  const groups = new Map();
  for (const [id, size] of Object.entries(chunk.modules)) groups.set(owner(id), (groups.get(owner(id)) ?? 0) + size);
  const total = [...groups.values()].reduce((a, b) => a + b, 0) || 1;
  const ranked = [...groups.entries()].sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, 4).map(([name, size]) => (ranked.length === 1 ? name : `${name} ${Math.round((size / total) * 100)}%`));
  const kind = chunk.isEntry ? 'entry: ' : chunk.isDynamicEntry ? 'lazy: ' : 'shared: ';
  return `${kind}${shown.join(', ')}${ranked.length > 4 ? `, +${ranked.length - 4} more` : ''}`;
}
