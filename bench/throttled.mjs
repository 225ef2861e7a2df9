// (e) Pages on a phone with the throttling actually applied (issue 22.3), not simulated:
// Chromium's DevTools protocol slows the network to 150 ms round trip, 1.6 Mbit/s down and
// 750 kbit/s up, and the CPU 4x, at 375 px. For the nine pages of the Lighthouse budget, five
// loads each (median), two loading schemes side by side, both through the same local proxy:
//
// - "after paint" (decision 024, what the server sends): the inline loader asks for the scripts
//   once the page has painted and holds clicks until React has hydrated;
// - "while parsing" (decision 023): the proxy rewrites the page to ask for the same scripts in
//   its head (module script and modulepreloads), as the build's template did, with no loader.
//
// Figures: first contentful paint, largest contentful paint, the moment React has hydrated, and
// what happens to a tap on the menu button made right after the first paint: how long until the
// menu opens, or "lost" when it never does (nothing listened yet and nothing held the tap).
import http from 'node:http';
import zlib from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { benchServerEnv, chromiumFlags, chromiumPath, clientDir, serverEntry } from './config.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const pages = process.env.BENCH_THROTTLED_PAGES?.split(',') ?? [
  '/',
  '/pricing',
  '/premium',
  '/field-guides',
  '/field-guide/fuel',
  '/start-here',
  '/weekly-dish',
  '/checkup',
  '/auth',
];
const runs = Number(process.env.BENCH_THROTTLED_RUNS ?? 5);
const network = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const cpuSlowdown = 4;

/** The page as decision 023 sent it: the scripts asked for in the head, no loader. */
export function whileParsing(html) {
  const scripts = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>\s*<script>[\s\S]*?<\/script>/.exec(html);
  if (!scripts) throw new Error('No page-scripts block: is this the production build?');
  const { entry, chunks } = JSON.parse(scripts[1].replaceAll('\\u003c', '<'));
  const head = [
    ...chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    `<script type="module" crossorigin src="${entry}"></script>`,
  ].join('');
  return html.replace(scripts[0], '').replace('</head>', `${head}</head>`);
}

/** A proxy in front of the server; with `rewrite`, pages (HTML) go through whileParsing. */
async function startProxy(target, rewrite) {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, 'accept-encoding': rewrite ? 'identity' : (request.headers['accept-encoding'] ?? '') };
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers }, (answer) => {
      const html = rewrite && String(answer.headers['content-type']).startsWith('text/html');
      if (!html) {
        response.writeHead(answer.statusCode, answer.headers);
        answer.pipe(response);
        return;
      }
      const parts = [];
      answer.on('data', (part) => parts.push(part));
      answer.on('end', () => {
        // Compressed again as the server would, so both schemes send pages of the same weight.
        const plain = Buffer.from(whileParsing(Buffer.concat(parts).toString('utf8')));
        const brotli = /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
        const body = brotli ? zlib.brotliCompressSync(plain) : zlib.gzipSync(plain);
        const { 'content-length': _length, etag: _etag, 'content-encoding': _encoding, ...rest } = answer.headers;
        response.writeHead(answer.statusCode, { ...rest, 'content-encoding': brotli ? 'br' : 'gzip', 'content-length': body.length });
        response.end(body);
      });
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// Runs in the page before its own scripts (before <html> exists): records the paints and the hydration, and taps the
// menu button in the first task after the first paint, as a person would.
const observe = () => {
  const m = (window.__bench = {});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint' || m.fcp) continue;
      m.fcp = entry.startTime;
      setTimeout(() => {
        const menu = document.querySelector('[aria-controls="mobile-menu"]');
        if (!menu) return;
        m.tapAt = performance.now();
        menu.click();
      }, 0);
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    m.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (!m.hydrated && document.documentElement?.dataset.hydrated === 'true') m.hydrated = performance.now();
    const menu = document.querySelector('[aria-controls="mobile-menu"]');
    if (m.tapAt && !m.opened && menu?.getAttribute('aria-expanded') === 'true') m.opened = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'aria-expanded'] });
};

async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench?.hydrated, null, { timeout: 60_000 });
    // The tap's answer (or none) and the largest paint settle within a moment of hydration.
    await page.waitForFunction(() => window.__bench.opened, null, { timeout: 3000 }).catch(() => {});
    const figures = await page.evaluate(() => window.__bench);
    return { fcp: figures.fcp, lcp: figures.lcp, hydrated: figures.hydrated, tap: figures.opened ? figures.opened - figures.tapAt : null };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
const seconds = (ms) => (ms === null ? '-' : (ms / 1000).toFixed(2));

export async function runThrottled() {
  console.log(`\n== Pages on a throttled phone (applied: 150 ms RTT, 1.6 Mbit/s, 4x CPU; median of ${runs}) ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-throttled-'));
  const port = String(await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const server = await startProcess({
    script: serverEntry,
    env: { ...benchServerEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: origin, CLIENT_DIR: clientDir },
    readyPath: '/readyz',
  });
  const schemes = { 'after paint': await startProxy(origin, false), 'while parsing': await startProxy(origin, true) };
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const figures = {};
  try {
    for (const path of pages) {
      figures[path] = {};
      const samples = { 'after paint': [], 'while parsing': [] };
      // Alternating the schemes spreads the machine's noise over both.
      for (let run = 0; run < runs; run += 1) {
        for (const [name, proxy] of Object.entries(schemes)) samples[name].push(await load(browser, `${proxy.origin}${path}`));
      }
      for (const [name, list] of Object.entries(samples)) {
        figures[path][name] = {
          fcp: median(list.map((s) => s.fcp)),
          lcp: median(list.map((s) => s.lcp)),
          hydrated: median(list.map((s) => s.hydrated)),
          tap: median(list.map((s) => s.tap)),
          tapsLost: list.filter((s) => s.tap === null).length,
        };
      }
      console.log(`  ${path} measured`);
    }
  } finally {
    await browser.close();
    await Promise.all(Object.values(schemes).map((proxy) => proxy.close()));
    await server.stop();
  }
  const rows = [];
  for (const [path, byScheme] of Object.entries(figures)) {
    for (const [name, f] of Object.entries(byScheme))
      rows.push([path, name, seconds(f.fcp), seconds(f.lcp), seconds(f.hydrated), f.tap === null ? '-' : seconds(f.tap), `${f.tapsLost}/${runs}`]);
  }
  printTable(['page', 'scripts', 'first paint s', 'largest paint s', 'hydrated s', 'tap answered after s', 'taps lost'], rows);
  const lostAfterPaint = Object.values(figures).reduce((n, f) => n + f['after paint'].tapsLost, 0);
  return {
    figures,
    checks: [
      {
        budget: 'Throttled phone: no tap made right after the first paint is lost (scripts after paint)',
        measured: `${lostAfterPaint} lost of ${pages.length * runs}`,
        status: lostAfterPaint === 0 ? 'PASS' : 'MISS',
      },
    ],
  };
}
