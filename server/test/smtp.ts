import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  /** The decoded body. */
  text: string;
  /** The raw header block, unfolded. */
  headers: string;
  /** The envelope sender (MAIL FROM), where the capture saw it. */
  envelopeFrom?: string;
}

/** Undoes quoted-printable, nodemailer's encoding for long or non-ASCII lines. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A message as the app sent it: the subject decoded, and the body's text and HTML parts decoded
 * (quoted-printable or base64), for assertions and link extraction.
 */
export function parseMail(raw: string, to: string[]): CapturedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/im.exec(headers)?.[1] ?? '').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
    decodeQuotedPrintable(q.replace(/_/g, ' ')),
  );
  const body = rest.join('\n\n');
  // Multipart mail (text and HTML) names the encoding per part, so look through the whole message.
  const unpacked = /base64/i.test(raw)
    ? body.replace(/^([A-Za-z0-9+/=\r\n]{40,})$/gm, (block) => Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8'))
    : body;
  const text = /Content-Transfer-Encoding: quoted-printable/i.test(raw) ? decodeQuotedPrintable(unpacked) : unpacked;
  return { to, subject, text: text.replace(/\r\n/g, '\n'), headers };
}

/**
 * A real SMTP server for the tests, unit and end-to-end alike: the app under test gets SMTP_URL
 * pointing at it, so a test sees exactly the mail that left through the transport. `onMail`
 * also hands each raw message on (the end-to-end runner writes them where the tests read them).
 */
export async function startSmtpCapture(
  options: {
    port?: number;
    onMail?: (raw: string, to: string[]) => void;
    /** A refusal for a recipient, as a mail server answers RCPT TO: `{ code: 550 }` for good, `{ code: 421 }` for now. */
    refuse?: (address: string) => { code: number; message: string } | null;
  } = {},
) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom;
        mails.push({ ...parseMail(raw, to), envelopeFrom: from ? from.address : '' });
        options.onMail?.(raw, to);
        callback();
      });
    },
  });
  // A client that drops its connection (a pooled sender closing) must not stop the tests' server.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, subject: RegExp) => mails.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every captured mail to `to` whose subject matches. */
    find,
    /** Waits until a matching mail arrives. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [mail] = find(to, subject);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
