import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpCapture } from '../server/test/smtp';

/** The tests' SMTP server (the one the unit tests use): every message the app sends is written to E2E_MAIL_DIR for the tests to read. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const capture = await startSmtpCapture({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (raw, to) => writeFileSync(join(mailDir, `${Date.now()}-${count++}.json`), JSON.stringify({ to, raw })),
  });
  return capture.close;
}
