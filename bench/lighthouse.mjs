// (c) Pages: Lighthouse on the production build for the public pages of the budget, in its
// mobile (default, simulated slow 4G and 4x CPU slowdown) and desktop configurations, then the
// JavaScript a landing visit loads. BENCH_LIGHTHOUSE_THROTTLING=devtools applies the throttling. Budgets: 100 in all four categories; on mobile, first and
// largest contentful paint under 1.2 s, total blocking time under 100 ms, no layout shift;
// landing ≤ 100 KB gzipped JS. BENCH_LIGHTHOUSE_PAGES=/,/pricing picks pages.
// Pages barely touch the database, so the server runs on a throwaway embedded one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { benchServerEnv, chromiumPath, clientDir, resultsDir, serverEntry } from './config.mjs';
import { chromiumFlags } from '../scripts/chromium-flags.mjs';
import { measureLandingJs } from './landing-js.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const pages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? [
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
// Mobile timing budgets (ms, and CLS unitless).
const mobileMetrics = [
  { id: 'first-contentful-paint', label: 'FCP', budget: 1200, unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', budget: 1200, unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', budget: 100, unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', budget: 0, unit: '' },
];
// BENCH_LIGHTHOUSE_THROTTLING=devtools: the throttling applied to the page as it loads (what the
// phone does) instead of Lighthouse's default simulation from a fast load (decision 056).
const throttlingMethod = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const formFactors = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
// The full reports, to see which element shifted or which task blocked (gitignored).
const reportsDir = join(resultsDir, 'lighthouse');

export async function runLighthouse() {
  console.log('\n== Pages: Lighthouse and landing JavaScript ==');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  let server;
  try {
    const port = String(await freePort());
    // localhost, not 127.0.0.1: the canonical URLs the server writes must be on the audited origin.
    const origin = `http://localhost:${port}`;
    server = await startProcess({
      script: serverEntry,
      env: { ...benchServerEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: origin, CLIENT_DIR: clientDir },
      readyPath: '/readyz',
    });

    mkdirSync(reportsDir, { recursive: true });
    const rows = [];
    const checks = [];
    const figures = [];
    for (const page of pages) {
      for (const formFactor of formFactors) {
        const budget = `Lighthouse 100 x4: ${page} ${formFactor.name}`;
        let run;
        try {
          run = await audit(`${origin}${page}`, formFactor.config);
        } catch (error) {
          // One run that Lighthouse cannot record must not hide the others' figures.
          console.error(`  ${page} ${formFactor.name}: ${error.message}`);
          checks.push({ budget, measured: `could not run: ${error.message}`, status: 'ERROR' });
          continue;
        }
        const { lhr, html } = run;
        writeFileSync(join(reportsDir, `${page.slice(1).replaceAll('/', '-') || 'home'}-${formFactor.name}.html`), html);
        const scores = Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
        const metrics = Object.fromEntries(mobileMetrics.map((m) => [m.label, lhr.audits[m.id]?.numericValue ?? Number.NaN]));
        const failing = failingAudits(lhr);
        figures.push({ page, formFactor: formFactor.name, scores, metrics, failing });
        const shown = mobileMetrics.map((m) => (m.unit ? `${Math.round(metrics[m.label])} ms` : metrics[m.label].toFixed(3)));
        rows.push([page, formFactor.name, ...categories.map((id) => scores[id]), ...shown]);
        console.log(
          `  ${page} ${formFactor.name}: ${categories.map((id) => `${id} ${scores[id]}`).join(', ')}; ${mobileMetrics.map((m, i) => `${m.label} ${shown[i]}`).join(', ')}`,
        );
        if (formFactor.name === 'mobile') {
          const over = mobileMetrics.filter((m) => !(metrics[m.label] <= m.budget));
          checks.push({
            budget: `Mobile FCP, LCP < 1.2 s, TBT < 100 ms, CLS 0: ${page}`,
            measured: mobileMetrics.map((m, i) => `${m.label} ${shown[i]}`).join(', '),
            status: over.length ? 'FAIL' : 'PASS',
          });
        }
        for (const { text, causes } of failing) {
          console.log(`    - ${text}`);
          for (const cause of causes) console.log(`        ${cause}`);
        }
        const all100 = categories.every((id) => scores[id] === 100);
        checks.push({ budget, measured: categories.map((id) => scores[id]).join(' / '), status: all100 ? 'PASS' : 'FAIL' });
      }
    }
    console.log('');
    printTable(['page', 'form factor', ...categories, ...mobileMetrics.map((m) => m.label)], rows);
    console.log(`Full reports: ${reportsDir}/`);

    const landing = await measureLandingJs(origin);
    return { figures: { lighthouse: figures, landing: landing.figures }, checks: [...checks, ...landing.checks] };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run in a fresh Chromium, so no cache or storage carries over between runs. On a
 * busy machine Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP) and asks to
 * be run again: it gets one more try.
 */
async function audit(url, config, attempt = 1) {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, logLevel: 'silent' });
  let result;
  try {
    result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: categories, throttlingMethod }, config);
  } finally {
    await chrome.kill();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const failure = result.lhr.runtimeError;
  if (failure && attempt < 2) {
    console.warn(`  (Lighthouse could not record ${url}: ${failure.code}; trying again)`);
    return audit(url, config, attempt + 1);
  }
  if (failure) throw new Error(`Lighthouse failed on ${url}: ${failure.code} ${failure.message}`);
  return { lhr: result.lhr, html: result.report };
}

/** What keeps a category under 100: its weighted audits that did not score full marks. */
function failingAudits(lhr) {
  const failing = [];
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result.score !== null && result.score < 1) {
        const value = result.displayValue ? ` (${result.displayValue})` : '';
        failing.push({ text: `${id}: ${result.title}${value}, score ${Math.round(result.score * 100)}`, causes: causes(lhr, ref.id) });
      }
    }
  }
  return failing;
}

/** The first few culprits Lighthouse names for the audits that usually need explaining. */
function causes(lhr, auditId) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  switch (auditId) {
    case 'errors-in-console':
      return items(auditId)
        .slice(0, 3)
        .map((item) => `${item.source}: ${item.description} ${item.sourceLocation?.url ?? item.url ?? ''}`.trim());
    case 'cumulative-layout-shift':
      return items('layout-shifts')
        .slice(0, 3)
        .map((item) => `shift ${item.score.toFixed(3)}: ${item.node?.selector ?? item.node?.snippet ?? 'unknown element'}`);
    case 'total-blocking-time':
      return items('long-tasks')
        .slice(0, 3)
        .map((item) => `long task ${Math.round(item.duration)} ms: ${item.url}`);
    default:
      return [];
  }
}
