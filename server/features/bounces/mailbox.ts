import { ImapFlow } from 'imapflow';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { loadLinkKey } from '../../mail/links';
import { readReport } from './report';
import { applyReport } from './service';

export interface MailboxSettings {
  url: string;
  user: string;
  password: string;
  mailbox: string;
}

/** Messages read per run (the job runs every minute), and the largest a report can be. */
const PER_RUN = 200;
const MAX_BYTES = 1024 * 1024;

/**
 * Reads the unread messages of the bounce mailbox once (the `bounce-mailbox` job, once across
 * servers): each report is applied, everything else is logged and left, and every message read is
 * marked \Seen so no run reads it again. Nothing is ever deleted or moved: the mailbox stays the
 * record. A crash between applying and marking reads those messages again, which changes nothing
 * (a copy's report counts once).
 */
export async function pollBounceMailbox(db: Database, settings: MailboxSettings, log: FastifyBaseLogger): Promise<{ read: number }> {
  const url = new URL(settings.url);
  const secure = url.protocol === 'imaps:';
  const client = new ImapFlow({
    host: url.hostname,
    port: Number(url.port || (secure ? 993 : 143)),
    secure,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    // A mail server that stops answering must not hold the job until it expires.
    connectionTimeout: 30_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  // A dropped connection is reported here as well as to the command under way; the command's failure is what counts.
  client.on('error', (err: unknown) => log.warn({ err }, 'the bounce mailbox connection failed'));
  await client.connect();
  try {
    const lock = await client.getMailboxLock(settings.mailbox);
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      const uids = unseen.slice(0, PER_RUN);
      if (uids.length === 0) return { read: 0 };
      // Fetched first, applied after: no other command may run while a fetch is being read. Sizes
      // first rather than a partial fetch (BODY[]<0.n>), which some servers answer wrongly; a message
      // over a megabyte is no report of ours (they quote headers, or one edition): logged and left.
      const sizes = new Map<number, number>();
      for await (const message of client.fetch(uids, { uid: true, size: true }, { uid: true })) sizes.set(message.uid, message.size ?? 0);
      const small = uids.filter((uid) => (sizes.get(uid) ?? 0) <= MAX_BYTES);
      for (const uid of uids.filter((uid) => !small.includes(uid)))
        log.info({ uid, bytes: sizes.get(uid) }, 'a message of the bounce mailbox is too large to be a report: left as it is');
      const messages: { uid: number; source: string }[] = [];
      if (small.length > 0) {
        for await (const message of client.fetch(small, { uid: true, source: true }, { uid: true })) {
          messages.push({ uid: message.uid, source: message.source?.toString('utf8') ?? '' });
        }
      }
      const key = await loadLinkKey(db);
      for (const { uid, source } of messages) {
        const reading = readReport(source);
        if (reading.type === 'ignored') log.info({ uid, why: reading.why }, 'a message of the bounce mailbox is not a report about an edition: left as it is');
        else await applyReport(db, key, reading, 'imap', log, { uid });
      }
      await client.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
      return { read: uids.length };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
