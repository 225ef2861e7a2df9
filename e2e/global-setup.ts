import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDnsServer } from '../server/test/dns';
import { startSmtpCapture } from '../server/test/smtp';

/**
 * The tests' SMTP server (the one the unit tests use): every message the app sends is written to
 * E2E_MAIL_DIR for the tests to read. And their DNS server, for the admin's deliverability check:
 * on the same port number over UDP (SMTP is TCP), so each run's ports stay the two it is given.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  // Each message is written beside the folder, then moved in whole: a test reading the folder
  // while a long message was being written found it cut short (a JSON parse error, a flaky test).
  const partialDir = `${mailDir}.partial`;
  mkdirSync(mailDir, { recursive: true });
  mkdirSync(partialDir, { recursive: true });
  let count = 0;
  const capture = await startSmtpCapture({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (raw, to) => {
      const name = `${Date.now()}-${count++}.json`;
      writeFileSync(join(partialDir, name), JSON.stringify({ to, raw }));
      renameSync(join(partialDir, name), join(mailDir, name));
    },
  });
  const domain = 'nonprofitleadershub.org';
  const dns = await startDnsServer(
    { txt: { [domain]: ['v=spf1 include:_spf.mail-provider.example ~all'], [`_dmarc.${domain}`]: ['v=DMARC1; p=none'] } },
    Number(process.env.E2E_SMTP_PORT),
  );
  return async () => {
    await capture.close();
    await dns.close();
  };
}
