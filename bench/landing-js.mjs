// The JavaScript a landing visit loads: every script response of a first visit to / until the
// network is idle (so lazily loaded route chunks count too). Budget: ≤ 80 KB gzipped.
// Two figures per file: the bytes actually transferred (whatever encoding the server chose,
// usually brotli) and the body gzipped here with zlib's default level, as a server sends it on
// `Accept-Encoding: gzip`; the budget is checked on the gzip figure so it does not depend on
// the server's compression settings.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './config.mjs';
import { printTable } from './table.mjs';

export const landingBudgetKb = 80;
const kb = (bytes) => (bytes / 1024).toFixed(1);

export async function measureLandingJs(origin) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
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
    const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
    const totals = { transferBytes: total('transferBytes'), rawBytes: total('rawBytes'), gzipBytes: total('gzipBytes') };

    console.log(`\nJavaScript loaded by a visit to / (KB = 1024 bytes):`);
    printTable(
      ['file', 'sent as', 'transferred KB', 'raw KB', 'gzip KB'],
      [
        ...files.map((f) => [f.url, f.encoding, kb(f.transferBytes), kb(f.rawBytes), kb(f.gzipBytes)]),
        ['total', '', kb(totals.transferBytes), kb(totals.rawBytes), kb(totals.gzipBytes)],
      ],
    );
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
