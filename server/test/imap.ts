import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { ImapFlow } from 'imapflow';

interface Hoodiecrow {
  server: Server;
  listen(port: number, host: string, callback: () => void): void;
  close(callback: () => void): void;
}
// hoodiecrow-imap is CommonJS without types: the small part the tests use is typed here.
const hoodiecrow = createRequire(import.meta.url)('hoodiecrow-imap') as (options: object) => Hoodiecrow;

/**
 * A real IMAP server for the tests (hoodiecrow-imap, in memory): its INBOX holds `messages`,
 * raw RFC 822 text, unread. User "testuser", password "testpass".
 */
export async function startImapServer(messages: string[]) {
  const server = hoodiecrow({
    plugins: ['ID', 'UNSELECT', 'ENABLE', 'IDLE', 'SASL-IR', 'AUTH-PLAIN', 'NAMESPACE', 'LITERALPLUS'],
    storage: { INBOX: { messages: messages.map((raw) => ({ raw: raw.replace(/\r?\n/g, '\r\n') })) } },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    settings: { url: `imap://127.0.0.1:${port}`, user: 'testuser', password: 'testpass', mailbox: 'INBOX' },
    /** How many messages the INBOX holds, and how many of them are unread: read by a client of its own. */
    async counts(): Promise<{ messages: number; unseen: number }> {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: 'testuser', pass: 'testpass' }, logger: false });
      await client.connect();
      try {
        const status = await client.status('INBOX', { messages: true, unseen: true });
        if (!status) throw new Error('the IMAP server gave no status for INBOX');
        return { messages: status.messages ?? -1, unseen: status.unseen ?? -1 };
      } finally {
        await client.logout();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
