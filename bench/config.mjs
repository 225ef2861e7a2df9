// What the benchmarks run against. The defaults are the production build (`npm run build`);
// BENCH_SERVER_ENTRY and BENCH_CLIENT_DIR point at another build so a bench run never has to
// rebuild (or fight over) the shared dist/ folder.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = fileURLToPath(new URL('..', import.meta.url));
export const serverEntry = resolve(rootDir, process.env.BENCH_SERVER_ENTRY ?? 'dist/server/main.js');
export const clientDir = resolve(rootDir, process.env.BENCH_CLIENT_DIR ?? 'dist/client');
/** Where runs leave their figures and full reports (gitignored). */
export const resultsDir = resolve(rootDir, 'bench/results');
export const usesDefaultBuild = !process.env.BENCH_SERVER_ENTRY && !process.env.BENCH_CLIENT_DIR;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Settings every benchmarked server gets: quiet logs, and rate limits no benchmark can reach. */
export const benchServerEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_EVENTS_PER_MINUTE: '1000000',
  RATE_LIMIT_FORMS_PER_HOUR: '1000000',
  RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000000',
  RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN: '1000000',
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '1000000',
  RATE_LIMIT_OFFER_LOOKUPS_PER_HOUR: '1000000',
};
