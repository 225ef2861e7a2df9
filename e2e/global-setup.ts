import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test runner: every message the app sends is written to E2E_MAIL_DIR for the tests to read. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        writeFileSync(join(mailDir, `${Date.now()}-${count++}.json`), JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
