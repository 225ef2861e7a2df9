import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where mail goes, for the startup log. */
  description: string;
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise each message is written as a standard
 * .eml file to DATA_DIR/outbox/, which any mail client opens, so a promised email is never
 * silently dropped on a machine without a mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log?: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    return {
      description: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = resolve(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `local outbox ${outbox} (set SMTP_URL to send real mail)`,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const slug = mail.subject.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40);
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log?.info({ to: mail.to, file }, 'mail written to the local outbox');
    },
  };
}
