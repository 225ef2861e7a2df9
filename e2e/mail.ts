import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { type CapturedMail, parseMail } from '../server/test/smtp';

/** A message the app sent, as the tests' SMTP server received it. */
export type ReceivedMail = CapturedMail;

/** Every message to `to` whose subject matches, received so far. */
export function mailsTo(to: string, subject: RegExp): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string })
    .filter((message) => message.to.includes(to.toLowerCase()))
    .map((message) => parseMail(message.raw, message.to))
    .filter((mail) => subject.test(mail.subject));
}

/** Waits for a message to `to` whose subject matches, as received by the test SMTP server. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        for (const file of readdirSync(dir).sort().reverse()) {
          const message = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string };
          if (!message.to.includes(to.toLowerCase())) continue;
          const mail = parseMail(message.raw, message.to);
          if (subject.test(mail.subject)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(mail.text);
  expect(match, `a link starting ${prefix} in "${mail.subject}"`).not.toBeNull();
  return match![0];
}
