import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { classify } from './delivery-engine';
import { createSmtpPool, type SmtpPoolSettings } from './smtp-pool';
import { createTransport } from './transport';

/**
 * Our pooled SMTP client (decision 088) against a real SMTP server (smtp-server), with a TCP
 * relay between them that records what the client writes, read by read: commands that arrive in
 * one read were sent together (pipelined), and the relay counts connections and can cut one.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
  secure: boolean;
  user?: string;
}

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A real SMTP server that keeps every message it accepts. */
async function startServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // A message asking for silence gets no reply: the client's timeout is what ends it.
        if (raw.includes('NO-REPLY')) return;
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...options,
  });
  server.on('error', () => {});
  const port = await listen(server.server as unknown as Server);
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received };
}

/** A TCP relay to `port`: what the client wrote, read by read, the connections made, and a cut when a read holds `cutAt`. */
async function startRelay(port: number, cutAt?: string) {
  const reads: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    connections += 1;
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      reads.push(text);
      if (cutAt && text.includes(cutAt)) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const [one, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      one.on('error', () => other.destroy());
      one.on('close', () => other.destroy());
    }
  });
  const relayPort = await listen(relay);
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  );
  return { port: relayPort, reads, connections: () => connections };
}

function pool(port: number, settings: Partial<SmtpPoolSettings> = {}) {
  const created = createSmtpPool({ host: '127.0.0.1', port, secure: false, connections: 1, ...settings });
  closers.push(() => created.close());
  return created;
}

const message = (subject: string, body = 'Hello.\r\n') => Buffer.from(`From: dish@example.org\r\nTo: reader@example.org\r\nSubject: ${subject}\r\n\r\n${body}`);
const envelope = (to = 'reader@example.org', from = 'bounces@example.org') => ({ from, to: [to] });
/** What a send rejected with, for assertions on its shape. */
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the send was expected to be refused');
    },
    (error: unknown) => error as Error & { responseCode?: number; command?: string; code?: string },
  );

describe('the pooled SMTP client', () => {
  it('sends MAIL FROM, RCPT TO and DATA in one write where the server offers PIPELINING, the message in the next, and reuses its connection', async () => {
    const server = await startServer();
    const relay = await startRelay(server.port);
    // Through the transport editions use: a pool of connections (`pool`).
    const transport = createTransport({
      smtpUrl: `smtp://127.0.0.1:${relay.port}`,
      from: 'Dish <dish@example.org>',
      dataDir: mkdtempSync(join(tmpdir(), 'nlh-pool-')),
      pool: { connections: 1 },
    });
    closers.push(() => transport.close());
    await transport.deliverRaw({ to: 'one@example.org', subject: 'First', raw: message('First'), envelopeFrom: 'b+1@example.org' });
    await transport.deliverRaw({ to: 'two@example.org', subject: 'Second', raw: message('Second') });

    const envelopes = relay.reads.filter((read) => read.includes('MAIL FROM'));
    expect(envelopes).toEqual([
      'MAIL FROM:<b+1@example.org>\r\nRCPT TO:<one@example.org>\r\nDATA\r\n',
      'MAIL FROM:<dish@example.org>\r\nRCPT TO:<two@example.org>\r\nDATA\r\n',
    ]);
    // Each envelope's next write is its whole message with the closing dot.
    const afterFirst = relay.reads[relay.reads.indexOf(envelopes[0]!) + 1]!;
    expect(afterFirst).toBe(`${message('First').toString()}.\r\n`);
    expect(relay.connections()).toBe(1);
    expect(server.received.map((m) => [m.from, m.to])).toEqual([
      ['b+1@example.org', ['one@example.org']],
      ['dish@example.org', ['two@example.org']],
    ]);
    expect(server.received[0]!.raw).toBe(message('First').toString());
  });

  it('refuses an address that would end its command line and start another, writing nothing', async () => {
    const server = await startServer();
    const relay = await startRelay(server.port);
    const sender = pool(relay.port);
    const injected = await refusalOf(sender.send(envelope('reader@example.org>\r\nRCPT TO:<other@example.org'), message('Injected')));
    expect(injected).toMatchObject({ code: 'EENVELOPE', command: 'API' });
    expect(injected.message).toMatch(/^Invalid recipient/);
    expect((await refusalOf(sender.send(envelope('reader@example.org', 'a@example.org\nDATA'), message('Injected')))).message).toMatch(/^Invalid sender/);
    expect(relay.reads.filter((read) => read.includes('RCPT TO'))).toEqual([]);
    await sender.send(envelope(), message('Next'));
    expect(server.received.map((m) => m.to)).toEqual([['reader@example.org']]);
  });

  it('sends one command a round trip where the server does not offer PIPELINING', async () => {
    const server = await startServer({ hidePIPELINING: true });
    const relay = await startRelay(server.port);
    await pool(relay.port).send(envelope(), message('Unpipelined'));
    const at = relay.reads.findIndex((read) => read.startsWith('MAIL FROM'));
    expect(relay.reads.slice(at, at + 3)).toEqual(['MAIL FROM:<bounces@example.org>\r\n', 'RCPT TO:<reader@example.org>\r\n', 'DATA\r\n']);
    expect(server.received).toHaveLength(1);
  });

  it.each([
    ['pipelined', false],
    ['one command a round trip', true],
  ])(
    '%s: a refusal of RCPT TO or MAIL FROM rejects with the reply code and the command, and the connection carries the next message',
    async (_, hidePIPELINING) => {
      const server = await startServer({
        hidePIPELINING,
        onMailFrom(address, _session, callback) {
          if (address.address === 'busy@example.org') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          callback();
        },
        onRcptTo(address, _session, callback) {
          if (address.address === 'nobody@example.org') return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
          callback();
        },
      });
      const relay = await startRelay(server.port);
      const client = pool(relay.port);

      const refused = await refusalOf(client.send(envelope('nobody@example.org'), message('Nobody')));
      expect(refused).toMatchObject({ responseCode: 550, command: 'RCPT TO' });
      expect(refused.message).toMatch(/550 5\.1\.1 No such user/);
      expect(classify(refused)).toMatchObject({ permanent: true, addressRefused: true });

      const later = await refusalOf(client.send(envelope('reader@example.org', 'busy@example.org'), message('Busy')));
      expect(later).toMatchObject({ responseCode: 451, command: 'MAIL FROM' });
      expect(classify(later)).toMatchObject({ permanent: false, addressRefused: false });

      await client.send(envelope('reader@example.org'), message('Accepted'));
      expect(server.received.map((m) => m.to)).toEqual([['reader@example.org']]);
      expect(relay.connections()).toBe(1);
      expect(relay.reads.filter((read) => read === 'RSET\r\n')).toHaveLength(2);
    },
  );

  it('a 421 to RCPT TO rejects with it (a slow-down, not a bounce); the server closes, and the next message opens a new connection', async () => {
    let refuse = true;
    const server = await startServer({
      onRcptTo(_address, _session, callback) {
        if (refuse) return callback(Object.assign(new Error('Too many messages, try again later'), { responseCode: 421 }));
        callback();
      },
    });
    const relay = await startRelay(server.port);
    const client = pool(relay.port);
    const refused = await refusalOf(client.send(envelope(), message('Slow down')));
    expect(refused).toMatchObject({ responseCode: 421, command: 'RCPT TO' });
    expect(classify(refused)).toMatchObject({ permanent: false, addressRefused: false });
    refuse = false;
    await client.send(envelope(), message('Again'));
    expect(server.received).toHaveLength(1);
    expect(relay.connections()).toBe(2);
  });

  it('a connection lost in the middle of a message rejects it, as temporary; the next message connects again', async () => {
    const server = await startServer();
    const relay = await startRelay(server.port, 'CUT-HERE');
    const client = pool(relay.port);
    await client.send(envelope(), message('Before'));
    const lost = await refusalOf(client.send(envelope(), message('Lost', 'CUT-HERE\r\n')));
    expect(lost.responseCode).toBeUndefined();
    expect(classify(lost).permanent).toBe(false);
    await client.send(envelope(), message('After'));
    expect(server.received.map((m) => /Subject: (\w+)/.exec(m.raw)?.[1])).toEqual(['Before', 'After']);
    expect(relay.connections()).toBe(2);
  });

  it('stuffs a dot opening a line, so a message arrives as written', async () => {
    const server = await startServer();
    const relay = await startRelay(server.port);
    const body = '.hidden line\r\n..two dots\r\n.\r\nnot the end\r\n';
    await pool(relay.port).send(envelope(), message('Dots', body));
    expect(relay.reads.join('')).toContain('\r\n\r\n..hidden line\r\n...two dots\r\n..\r\nnot the end\r\n.\r\n');
    expect(server.received[0]!.raw).toBe(message('Dots', body).toString());
  });

  it('gives up on a server that does not greet within the greeting timeout, and on a reply that does not come within the reply timeout', async () => {
    const silent = createServer(() => {});
    const silentPort = await listen(silent);
    closers.push(() => new Promise<void>((resolve) => silent.close(() => resolve())));
    const mute = pool(silentPort, { timeouts: { greetingMs: 200 } });
    const started = Date.now();
    expect(await refusalOf(mute.send(envelope(), message('Nobody home')))).toMatchObject({ code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(5000);

    const server = await startServer();
    const relay = await startRelay(server.port);
    const client = pool(relay.port, { timeouts: { replyMs: 300 } });
    const timedOut = await refusalOf(client.send(envelope(), message('Hang', 'NO-REPLY\r\n')));
    expect(timedOut).toMatchObject({ code: 'ETIMEDOUT' });
    expect(classify(timedOut).permanent).toBe(false);
    await client.send(envelope(), message('Answered'));
    expect(server.received).toHaveLength(1);
    expect(relay.connections()).toBe(2);
  });

  it('keeps at most its number of connections, each carrying many messages', async () => {
    const server = await startServer();
    const relay = await startRelay(server.port);
    const client = pool(relay.port, { connections: 3 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.send(envelope(`r${i}@example.org`), message(`M${i}`))));
    expect(server.received).toHaveLength(30);
    expect(relay.connections()).toBe(3);
  });

  it("upgrades with STARTTLS when offered and logs in with the URL's credentials (PLAIN, or LOGIN where that is all the server takes); a wrong password is refused", async () => {
    const onAuth: SMTPServerOptions['onAuth'] = (auth, _session, callback) =>
      auth.username === 'sender' && auth.password === 'pa ss:word'
        ? callback(null, { user: auth.username })
        : callback(new Error('Invalid username or password'));
    const tls = { rejectUnauthorized: false };
    const auth = { user: 'sender', pass: 'pa ss:word' };

    const starttls = await startServer({ disabledCommands: [], authMethods: ['PLAIN', 'LOGIN'], onAuth });
    await pool(starttls.port, { tls, auth }).send(envelope(), message('Upgraded'));
    expect(starttls.received[0]).toMatchObject({ secure: true, user: 'sender' });

    const loginOnly = await startServer({ disabledCommands: [], authMethods: ['LOGIN'], onAuth });
    await pool(loginOnly.port, { tls, auth }).send(envelope(), message('Login'));
    expect(loginOnly.received[0]).toMatchObject({ secure: true, user: 'sender' });

    const wrong = await refusalOf(pool(starttls.port, { tls, auth: { user: 'sender', pass: 'wrong' } }).send(envelope(), message('Refused')));
    expect(wrong).toMatchObject({ responseCode: 535, command: 'AUTH PLAIN' });

    // The server's certificate is checked unless told otherwise: smtp-server's own is one no authority signed.
    expect((await refusalOf(pool(starttls.port).send(envelope(), message('Unchecked')))).message).toMatch(/certificate/i);
    expect(starttls.received).toHaveLength(1);
  });

  it('speaks TLS from the start to an smtps server', async () => {
    const server = await startServer({ secure: true, disabledCommands: [] });
    await pool(server.port, { secure: true, tls: { rejectUnauthorized: false } }).send(envelope(), message('Secure'));
    expect(server.received[0]).toMatchObject({ secure: true, to: ['reader@example.org'] });
  });

  it("delivers a mail composed by nodemailer for one person (the transport's deliver) over the pool", async () => {
    const server = await startServer();
    const transport = createTransport({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from: 'The Hub <hello@example.org>',
      dataDir: mkdtempSync(join(tmpdir(), 'nlh-pool-')),
      pool: { connections: 2 },
    });
    closers.push(() => transport.close());
    await transport.deliver({ to: 'Reader <reader@example.org>', subject: 'Composed here', text: 'A line.\n.A dot line.', envelopeFrom: 'b+2@example.org' });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ from: 'b+2@example.org', to: ['reader@example.org'] });
    expect(server.received[0]!.raw).toMatch(/^Subject: Composed here$/m);
    expect(server.received[0]!.raw).toContain('A line.\r\n.A dot line.');
  });
});
