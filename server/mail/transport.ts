import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { buffer } from 'node:stream/consumers';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import DKIM from 'nodemailer/lib/dkim/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { DkimSettings } from '../env';
import { useNativeDotStuffing } from './dot-stuffing';
import { createSmtpPool } from './smtp-pool';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on editions and the welcome email). */
  headers?: Record<string, string>;
  /** A calendar invitation (a webinar's .ics): sent as text/calendar with the method, and as a file. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
  /** The envelope sender (MAIL FROM, the Return-Path) when it is not MAIL_FROM: an edition's per-copy bounce address. */
  envelopeFrom?: string;
  /** The Message-ID, when the sender chooses it (an edition's carries its bounce token). */
  messageId?: string;
}

/** nodemailer's options for a mail: the envelope sender becomes nodemailer's `envelope`. */
const mailOptions = (from: string, { envelopeFrom, ...mail }: Mail) => ({
  from,
  ...mail,
  ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: mail.to } } : {}),
});

/** Where mail is handed over: an SMTP server, or files on disk without one. The mail queue and editions deliver through it. */
export interface Transport {
  description: string;
  /** The From of every message: a message composed beforehand carries it (compiled-mail.ts). */
  from: string;
  deliver(mail: Mail): Promise<void>;
  /** A message composed already (server/mail/compiled-mail.ts), to one address; the subject names its file in the mail folder. */
  /** `messageId`: the one in `raw`, given again so nodemailer does not draw a random one for each copy (decision 050). */
  deliverRaw(copy: { to: string; subject: string; raw: Buffer; envelopeFrom?: string; messageId?: string }): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
  /** The application's logger, once it exists (the transport is made before the app). */
  useLogger(log: FastifyBaseLogger): void;
}

/**
 * The header fields a DKIM signature covers, when the message has them: who it is from and to,
 * what it says, and its unsubscribe headers (RFC 8058 asks for List-Unsubscribe and
 * List-Unsubscribe-Post to be signed before a one-click unsubscribe is trusted; nodemailer's
 * default list leaves out the second).
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
];

/**
 * SMTP when `smtpUrl` is set (with `pool`, that many connections kept open and reused, for
 * editions), else .eml files in DATA_DIR/outbox. A refusal rejects with an error that carries
 * the server's `responseCode` and the `command` it answered (nodemailer's, or smtp-pool.ts's
 * of the same shape).
 */
export function createTransport(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  pool?: { connections: number };
  /** Every message is DKIM-signed with it (decision 044), in the mail folder's files too. */
  dkim?: DkimSettings;
}): Transport {
  let logger: FastifyBaseLogger | undefined;
  const log = () => logger;
  const useLogger = (next: FastifyBaseLogger) => {
    logger = next;
  };
  // The envelope's sender for a message composed already: its own return path, else the address of From.
  const [sender] = addressparser(options.from, { flatten: true });
  const envelope = (to: string, envelopeFrom?: string) => ({ from: envelopeFrom ?? sender?.address ?? options.from, to: [to] });
  // For SMTP, a default of every message: nodemailer reads an SMTP URL's transport options from the URL alone.
  const defaults: Pick<nodemailer.SendMailOptions, 'dkim'> = options.dkim ? { dkim: { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS.join(':') } } : {};
  /** Many messages over `connections` connections kept open, commands pipelined where offered (smtp-pool.ts). */
  const pooledTransport = (url: URL, description: string, connections: number): Transport => {
    const secure = url.protocol === 'smtps:';
    const pool = createSmtpPool({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      connections,
    });
    // A message composed already is signed as nodemailer signs what it sends: the same signer, the same settings.
    const dkim = defaults.dkim ? new DKIM(defaults.dkim) : undefined;
    const signed = async (message: Buffer) => (dkim ? buffer(dkim.sign(message)) : message);
    // A message for one person is composed and signed by nodemailer, as before (its envelope too,
    // as its SMTP transport takes it); only the sending is ours: a nodemailer transport of our own.
    const composer = nodemailer.createTransport<{ messageId: string }>({
      name: 'smtp-pool',
      version: '1',
      send(mail, callback) {
        const { from, to } = mail.message.getEnvelope();
        buffer(mail.message.createReadStream())
          .then((message) => pool.send({ from: from || '', to }, message))
          .then(
            () => callback(null, { messageId: mail.message.messageId() }),
            (error: Error) => callback(error, { messageId: mail.message.messageId() }),
          );
      },
    });
    return {
      description,
      from: options.from,
      async deliver(mail) {
        await composer.sendMail({ ...mailOptions(options.from, mail), ...defaults });
      },
      async deliverRaw({ to, raw, envelopeFrom }) {
        await pool.send(envelope(to, envelopeFrom), await signed(raw));
      },
      close: () => pool.close(),
      useLogger,
    };
  };
  /** nodemailer's SMTP transport: one connection a message, or a pool of them with `pool`. */
  const nodemailerTransport = (url: URL, description: string): Transport => {
    useNativeDotStuffing();
    // nodemailer reads a URL's options from its query: given as an object beside `url`, `pool` is
    // dropped and every message opens a connection of its own.
    const pooled = new URL(url);
    // Every step of a send ends within 30 s, well inside the minute an edition's recipient stays
    // claimed: a claim never runs out while its message is still on the wire (decision 028).
    const poolSettings = {
      pool: 'true',
      maxConnections: String(options.pool?.connections),
      maxMessages: '1000000',
      connectionTimeout: '15000',
      greetingTimeout: '15000',
      socketTimeout: '30000',
    };
    if (options.pool) for (const [name, value] of Object.entries(poolSettings)) pooled.searchParams.set(name, value);
    const transport = nodemailer.createTransport(pooled.toString(), defaults);
    if (options.pool && url.protocol === 'smtp:') {
      // No Nagle delay: the message's last line (".") is a small write that otherwise waits for
      // the server's delayed ACK, 40 ms per message per connection. (STARTTLS still upgrades this socket.)
      // nodemailer's documented `transporter.getSocket` hook, missing from its type definitions.
      (transport as unknown as { getSocket: unknown }).getSocket = (
        socketOptions: { host?: string; port?: number },
        callback: (error: Error | null, socket?: { connection: Socket }) => void,
      ) => {
        const socket = connect(Number(socketOptions.port ?? url.port ?? 25), String(socketOptions.host ?? url.hostname), () => {
          socket.removeListener('error', callback);
          callback(null, { connection: socket });
        });
        socket.setNoDelay(true);
        socket.once('error', callback);
      };
    }
    return {
      description,
      from: options.from,
      async deliver(mail) {
        await transport.sendMail(mailOptions(options.from, mail));
      },
      async deliverRaw({ to, raw, envelopeFrom, messageId }) {
        await transport.sendMail({ envelope: envelope(to, envelopeFrom), raw, messageId });
      },
      close: () => transport.close(),
      useLogger,
    };
  };
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const description = `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    // Our pipelining pool for editions (decision 088); a URL with nodemailer's own options in its
    // query keeps nodemailer, which reads them.
    if (options.pool && !url.search) return pooledTransport(url, description, options.pool.connections);
    return nodemailerTransport(url, description);
  }
  const mailFolder = resolve(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...defaults });
  const write = async (subject: string, message: Buffer) => {
    await mkdir(mailFolder, { recursive: true });
    const slug = subject
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40);
    // Time first so the folder lists in order; a random part, because many mails share a millisecond.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}-${slug}.eml`;
    // Written under a temporary name and renamed: a reader never sees half a message.
    const temporary = join(mailFolder, `.${name}.tmp`);
    await writeFile(temporary, message);
    await rename(temporary, join(mailFolder, name));
    log()?.info({ file: name }, 'mail written to the mail folder');
  };
  return {
    description: `mail folder ${mailFolder} (set SMTP_URL to send real mail)`,
    from: options.from,
    async deliver(mail) {
      const info = await transport.sendMail(mailOptions(options.from, mail));
      await write(mail.subject, info.message as Buffer);
    },
    async deliverRaw({ to, subject, raw, envelopeFrom }) {
      const info = await transport.sendMail({ envelope: envelope(to, envelopeFrom), raw });
      await write(subject, info.message as Buffer);
    },
    close() {},
    useLogger,
  };
}
