// npm run test:e2e: builds the production bundle, then runs Playwright against it in Debian's Chromium.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `End-to-end tests need Debian's Chromium at ${chromium}.\nInstall it with: apt-get update && apt-get install -y chromium\n(or set CHROMIUM_PATH). Playwright never downloads its own browser here.`,
  );
  process.exit(1);
}
if (!process.env.E2E_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
