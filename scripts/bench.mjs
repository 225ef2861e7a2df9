// npm run bench: measures the production build against the performance budgets of
// docs/benchmarks.md, and prints a PASS/FAIL summary. It measures, it does
// not gate: a missed budget still exits 0; only a benchmark that could not run exits 1.
// `--only <part>` runs one part (the names are the keys of `parts` below; admin only when asked for).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { runAdminScale } from '../bench/admin-scale.mjs';
import { runThrottled } from '../bench/throttled.mjs';
import { runApi } from '../bench/api.mjs';
import { runCheckup } from '../bench/checkup.mjs';
import { clientDir, resultsDir, serverEntry, usesDefaultBuild } from '../bench/config.mjs';
import { runColdStart } from '../bench/cold-start.mjs';
import { runDurability } from '../bench/durability.mjs';
import { runHashLoad } from '../bench/hash-load.mjs';
import { runLighthouse } from '../bench/lighthouse.mjs';
import { runMarkdown } from '../bench/markdown.mjs';
import { runMemory } from '../bench/memory.mjs';
import { runNewsletter } from '../bench/newsletter.mjs';
import { runPublishing } from '../bench/publishing.mjs';
import { runPages } from '../bench/pages.mjs';
import { runSearch } from '../bench/search.mjs';
import { runTeamCheckup } from '../bench/team-checkup.mjs';
import { runPlans } from '../bench/plans.mjs';
import { benchNodeArgs } from '../bench/server-process.mjs';
import { printTable } from '../bench/table.mjs';

// admin, checkup and search seed millions of rows, newsletter sends 300,000 messages, team-checkup 200,000 reminders and plans seeds 500,000 actions: they run only when asked for (--only admin, --only checkup, --only search, --only newsletter, --only team-checkup, --only plans).
const parts = {
  api: runApi,
  pages: runPages,
  'cold-start': runColdStart,
  durability: runDurability,
  hashing: runHashLoad,
  lighthouse: runLighthouse,
  throttled: runThrottled,
  memory: runMemory,
  admin: runAdminScale,
  checkup: runCheckup,
  newsletter: runNewsletter,
  publishing: runPublishing,
  markdown: runMarkdown,
  search: runSearch,
  'team-checkup': runTeamCheckup,
  plans: runPlans,
};
const onRequestOnly = new Set(['admin', 'checkup', 'newsletter', 'search', 'team-checkup', 'plans']);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
if (onlyAt !== -1 && !(only in parts)) {
  console.error(`--only takes one of: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}

const clientIndex = join(clientDir, 'index.html');
if (!existsSync(serverEntry) || !existsSync(clientIndex)) {
  if (!usesDefaultBuild) {
    console.error(`No build at BENCH_SERVER_ENTRY=${serverEntry} / BENCH_CLIENT_DIR=${clientDir}.`);
    process.exit(1);
  }
  console.log('No production build yet: running npm run build first.');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const started = new Date();
console.log(`Benchmarking ${serverEntry} with the client in ${clientDir}, started as node ${[...benchNodeArgs, '<server>'].join(' ')}`);
// The load average says how much other work shared the machine: figures taken under load are low.
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const loadAtStart = load();
console.log(`Node ${process.version}, ${availableParallelism()} cores, load average ${loadAtStart}, ${started.toISOString()}`);

const results = {};
const checks = [];
let crashed = false;
for (const [name, run] of Object.entries(parts)) {
  if (only ? name !== only : onRequestOnly.has(name)) continue;
  try {
    const result = await run();
    results[name] = result.figures;
    checks.push(...result.checks);
  } catch (error) {
    crashed = true;
    console.error(`\n${name} could not run: ${error.stack ?? error}`);
    checks.push({ budget: name, measured: `could not run: ${String(error.message).split('\n')[0]}`, status: 'ERROR' });
  }
}

console.log(`\n== Summary (${Math.round((Date.now() - started.getTime()) / 1000)} s; load average ${loadAtStart} at start, ${load()} at end) ==`);
printTable(
  ['status', 'budget', 'measured'],
  checks.map((c) => [c.status, c.budget, c.measured]),
);
const missed = checks.filter((c) => c.status !== 'PASS' && c.status !== 'N/A').length;
console.log(missed ? `\n${missed} of ${checks.length} budgets not met (see above).` : `\nAll ${checks.length} budgets met.`);

mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ date: started.toISOString(), node: process.version, cores: availableParallelism(), loadAverage: { start: loadAtStart, end: load() }, serverEntry, clientDir, checks, results }, null, 2)}\n`,
);
console.log(`Figures saved to ${file}`);
process.exit(crashed ? 1 : 0);
