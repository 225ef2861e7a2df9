import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { playwrightChromiumFlags } from './scripts/chromium-flags.mjs';

/**
 * End-to-end tests against the production build (npm run build) in Debian's Chromium: never a
 * browser Playwright downloads. The server runs on a fresh embedded database and sends its mail
 * to the in-process SMTP server that e2e/global-setup.ts starts.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const baseURL = `http://127.0.0.1:${port}`;
/** Mailgun's webhook signing key on the test server: e2e/bounces.spec.ts signs its events with it. */
export const mailgunSigningKey = 'e2e-mailgun-webhook-signing-key';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'nlh-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAIL_DIR ??= join(dataDir, 'received-mail');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace films every action (screencast frames through the compositor, DOM
    // snapshots): with it on for every test, Chromium's GPU and browser processes took 2.3 times
    // the CPU on CI's two cores (decision 041, seventh landing). A failing test is retried on CI
    // and the retry is recorded; locally, pass --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: playwrightChromiumFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true } },
  ],
  webServer: {
    command: `node ${process.env.E2E_SERVER_ENTRY ?? 'dist/server/main.js'}`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The tests' DNS server (e2e/global-setup.ts), UDP on the SMTP port's number.
      DELIVERABILITY_DNS_SERVER: `127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // Accounts cost milliseconds, not a second of a core each (decision 048): hundreds are made.
      TEST_PASSWORD_SCRYPT_N: '1024',
      MAILGUN_WEBHOOK_SIGNING_KEY: mailgunSigningKey,
      // The payments spec moves the local provider's billing clock (off by default in production).
      BILLING_CLOCK_ENABLED: 'true',
      // Many people sign up from one address in a test run.
      RATE_LIMIT_FORMS_PER_HOUR: '10000',
      RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '10000',
      RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN: '100',
      RATE_LIMIT_REGISTER_PER_HOUR: '10000',
      RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '10000',
      RATE_LIMIT_OFFER_LOOKUPS_PER_HOUR: '10000',
      RATE_LIMIT_EVENTS_PER_MINUTE: '100000',
      // The admin e2e spec's accounts (one per project) and the Allies spec's operator may claim admin access through /api/auth/make-admin.
      ADMIN_EMAILS: 'e2e-admin-desktop@example.org,e2e-admin-mobile@example.org,e2e-allies-admin@example.org',
    },
  },
});
