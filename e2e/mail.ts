import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded text and HTML parts together, for assertions and link extraction. */
  body: string;
}

/** Undoes quoted-printable (nodemailer's encoding for long lines) so links read whole. */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');
}

function parse(raw: string, to: string[]): ReceivedMail {
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const subject = subjectLine.replace(/\r?\n[ \t]/g, ' ').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
  const parts = raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  const decoded = /base64/i.test(raw)
    ? parts.replace(/^([A-Za-z0-9+/=\r\n]{40,})$/gm, (block) => Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8'))
    : parts;
  return { to, subject, body: decodeQuotedPrintable(decoded) };
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
          const mail = parse(message.raw, message.to);
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
  const match = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(mail.body);
  expect(match, `a link starting ${prefix} in "${mail.subject}"`).not.toBeNull();
  return match![0];
}
