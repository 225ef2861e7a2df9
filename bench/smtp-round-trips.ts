// Messages a second through the editions' pooled transport (server/mail/transport.ts, decision 088) to a real SMTP
// server behind a proxy that delays every chunk by DELAY ms each way, a network round trip of twice that: what
// pipelining saves against a mail server over a network, which the newsletter bench's local sink cannot show.
// `DELAY=5 N=2000 npx tsx bench/smtp-round-trips.ts`, in a worktree of each build to compare.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTransport } from '../server/mail/transport';

const delay = Number(process.env.DELAY ?? 5);
const n = Number(process.env.N ?? 2000);
const received = { n: 0 };
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received.n += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const target = (server.server.address() as net.AddressInfo).port;
const proxy = net.createServer((client) => {
  client.setNoDelay(true);
  const upstream = net.connect(target, '127.0.0.1');
  upstream.setNoDelay(true);
  client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delay));
  upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), delay));
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  client.on('error', () => {});
  upstream.on('error', () => {});
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const port = (proxy.address() as net.AddressInfo).port;
const transport = createTransport({
  smtpUrl: `smtp://127.0.0.1:${port}`,
  from: 'Bench <dish@example.org>',
  dataDir: '/tmp/lat-data',
  pool: { connections: 8 },
});
const raw = Buffer.from(
  `From: Bench <dish@example.org>\r\nTo: x@example.org\r\nSubject: Hello\r\nMessage-ID: <m@example.org>\r\n\r\n${'A line of the edition.\r\n'.repeat(400)}`,
);
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < n) {
      const i = next++;
      await transport.deliverRaw({ to: `r${i}@example.org`, subject: 'Hello', raw, messageId: '<m@example.org>' });
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
console.log(`round trip ${delay * 2} ms: ${n} messages in ${seconds.toFixed(2)} s, ${(n / seconds).toFixed(0)}/s (received ${received.n})`);
transport.close();
proxy.close();
server.close();
process.exit(0);
