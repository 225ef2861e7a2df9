import { connect as connectPlain, isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { dataBlock } from './dot-stuffing';

/**
 * Our own SMTP client for many messages (decision 088): a pool of connections kept open and
 * reused, and on each, where the server offers PIPELINING (RFC 2920), `MAIL FROM`, `RCPT TO` and
 * `DATA` sent together and their three replies read at once, then the message: two round trips a
 * message where nodemailer waits for each reply (four). Without PIPELINING, one command a round
 * trip. Speaks plain SMTP with STARTTLS when offered, SMTP over TLS, and AUTH PLAIN or LOGIN.
 */

/** Shaped as nodemailer's errors are: the delivery engine reads `responseCode` and `command` (delivery-engine.ts classify). */
export class SmtpError extends Error {
  readonly code: string;
  readonly command: string;
  readonly response?: string;
  readonly responseCode?: number;
  constructor(message: string, code: string, command: string, response?: string) {
    super(response ? `${message}: ${response}` : message);
    this.name = 'SmtpError';
    this.code = code;
    this.command = command;
    if (response) {
      this.response = response;
      const responseCode = Number(/^\d{3}/.exec(response)?.[0]);
      if (responseCode) this.responseCode = responseCode;
    }
  }
}

export interface SmtpPoolSettings {
  host: string;
  port: number;
  /** TLS from the start (smtps, port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** Connections open at once at most. */
  connections: number;
  /** Certificate checks (the system's trusted authorities when unset). */
  tls?: ConnectionOptions;
  timeouts?: Partial<typeof TIMEOUTS>;
}

/**
 * Every step of a send ends within 30 s, well inside the minute an edition's recipient stays
 * claimed: a claim never runs out while its message is still on the wire (decision 028).
 */
const TIMEOUTS = { connectMs: 15_000, greetingMs: 15_000, replyMs: 30_000 };

/** The name we give in EHLO: the machine's when it is a full domain name, else an address literal (as nodemailer). */
const ourName = (() => {
  const name = hostname();
  return name.includes('.') ? name : '[127.0.0.1]';
})();

type Answer = { reply: string } | { error: Error };
const codeOf = (answer: Answer | undefined) => (answer && 'reply' in answer ? Number(answer.reply.slice(0, 3)) : 0);
const ok = (answer: Answer | undefined) => codeOf(answer) >= 200 && codeOf(answer) < 300;

/** One SMTP connection: replies are read in the order their commands were written. */
class Connection {
  socket: Socket;
  private received = '';
  private lines: string[] = [];
  private waiting: ((answer: Answer) => void)[] = [];
  private failure: Error | undefined;
  extensions = new Set<string>();
  private authMethods: string[] = [];
  alive = true;

  constructor(
    private settings: SmtpPoolSettings & { timeouts: typeof TIMEOUTS },
    private onClose: (connection: Connection) => void,
  ) {
    const { host, port } = settings;
    this.socket = settings.secure ? connectTls({ host, port, ...this.tlsOptions() }) : connectPlain({ host, port });
    this.listen(this.socket);
  }

  private tlsOptions(): ConnectionOptions {
    return { ...(isIP(this.settings.host) ? {} : { servername: this.settings.host }), ...this.settings.tls };
  }

  private listen(socket: Socket) {
    // No Nagle delay: the message's last line (".") is a small write that otherwise waits for the
    // server's delayed ACK, 40 ms per message per connection.
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (error: Error) => {
      this.failure ??= Object.assign(error, { command: 'CONN' });
    });
    socket.on('timeout', () => {
      // Waiting for a reply: the server is gone. Idle that long: the connection leaves.
      if (this.waiting.length === 0) return this.quit();
      this.destroy(new SmtpError('Timeout', 'ETIMEDOUT', 'CONN'));
    });
    socket.on('close', () => this.closed());
  }

  private closed() {
    if (!this.alive) return;
    this.alive = false;
    const failure = this.failure ?? new SmtpError('Connection closed unexpectedly', 'ECONNECTION', 'CONN');
    for (const settle of this.waiting.splice(0)) settle({ error: failure });
    this.onClose(this);
  }

  private read(chunk: Buffer) {
    this.received += chunk.toString('utf8');
    let end: number;
    while ((end = this.received.indexOf('\n')) !== -1) {
      const line = this.received.slice(0, end).replace(/\r$/, '');
      this.received = this.received.slice(end + 1);
      this.lines.push(line);
      // "250-…" continues a reply, "250 …" (or a bare code) ends it.
      if (/^\d{3}-/.test(line)) continue;
      const reply = this.lines.join('\n');
      this.lines = [];
      const settle = this.waiting.shift();
      if (settle) settle({ reply });
      // A reply nobody asked for: the server is closing (421) or out of step; either way this connection is done.
      else this.destroy(new SmtpError('Unexpected reply', 'EPROTOCOL', 'CONN', reply));
    }
  }

  /** Writes the command lines at once; each answer settles in order, never rejects. */
  ask(lines: string[]): Promise<Answer>[] {
    if (!this.alive) return lines.map(() => Promise.resolve({ error: this.failure ?? new SmtpError('Connection closed', 'ECONNECTION', 'CONN') }));
    const answers = lines.map(() => this.expectReply(this.settings.timeouts.replyMs));
    this.socket.write(lines.map((line) => `${line}\r\n`).join(''));
    return answers;
  }

  async one(line: string): Promise<Answer> {
    return this.ask([line])[0]!;
  }

  /** The greeting, EHLO (HELO where EHLO is refused), STARTTLS when offered on a plain connection, AUTH when we have credentials. */
  async ready(): Promise<void> {
    const { timeouts } = this.settings;
    const connected = new Promise<void>((resolve) => this.socket.once(this.settings.secure ? 'secureConnect' : 'connect', () => resolve()));
    const dropped = new Promise<never>((_, reject) =>
      this.socket.once('close', () => reject(this.failure ?? new SmtpError('Connection closed', 'ECONNECTION', 'CONN'))),
    );
    dropped.catch(() => {});
    const timer = setTimeout(() => this.destroy(new SmtpError('Connection timeout', 'ETIMEDOUT', 'CONN')), timeouts.connectMs);
    try {
      await Promise.race([connected, dropped]);
    } finally {
      clearTimeout(timer);
    }
    const greeting = await this.expectReply(timeouts.greetingMs);
    if (codeOf(greeting) !== 220) throw this.fail(greeting, 'Invalid greeting', 'ECONNECTION', 'CONN');
    await this.hello();
    if (!this.settings.secure && this.extensions.has('STARTTLS')) {
      const answer = await this.one('STARTTLS');
      if (codeOf(answer) !== 220) throw this.fail(answer, 'Error upgrading connection with STARTTLS', 'ETLS', 'STARTTLS');
      await this.upgrade();
      await this.hello();
    }
    if (this.settings.auth) await this.login(this.settings.auth);
  }

  /** The next reply, due within `timeoutMs` of the socket's last activity. */
  private expectReply(timeoutMs: number): Promise<Answer> {
    this.socket.setTimeout(timeoutMs);
    return new Promise<Answer>((settle) => this.waiting.push(settle));
  }

  private async hello() {
    let answer = await this.one(`EHLO ${ourName}`);
    if (codeOf(answer) === 421 || !('reply' in answer)) throw this.fail(answer, 'Server terminates connection', 'ECONNECTION', 'EHLO');
    this.extensions.clear();
    if (!ok(answer)) {
      answer = await this.one(`HELO ${ourName}`);
      if (!ok(answer)) throw this.fail(answer, 'Invalid HELO', 'EPROTOCOL', 'HELO');
      return;
    }
    for (const line of answer.reply.split('\n').slice(1)) {
      const [name = '', ...rest] = line
        .slice(4)
        .trim()
        .split(/[\s=]+/);
      this.extensions.add(name.toUpperCase());
      if (name.toUpperCase() === 'AUTH') this.authMethods = rest.map((method) => method.toUpperCase());
    }
  }

  private async upgrade() {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('timeout');
    const secure = connectTls({ socket: plain, ...this.tlsOptions() });
    this.socket = secure;
    this.listen(secure);
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', () => resolve());
      secure.once('close', () => reject(this.failure ?? new SmtpError('Connection closed', 'ECONNECTION', 'STARTTLS')));
    });
  }

  private async login({ user, pass }: { user: string; pass: string }) {
    // The first method the server lists that we speak, as nodemailer chooses.
    const method = this.authMethods.find((name) => name === 'PLAIN' || name === 'LOGIN') ?? 'PLAIN';
    const command = `AUTH ${method}`;
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    let answer: Answer;
    if (method === 'PLAIN') answer = await this.one(`AUTH PLAIN ${base64(`\u0000${user}\u0000${pass}`)}`);
    else {
      answer = await this.one('AUTH LOGIN');
      if (codeOf(answer) === 334) answer = await this.one(base64(user));
      if (codeOf(answer) === 334) answer = await this.one(base64(pass));
    }
    if (codeOf(answer) !== 235) throw this.fail(answer, 'Invalid login', 'EAUTH', command);
  }

  /** The error for an answer that is not the one wanted: the connection's own when it was lost. */
  fail(answer: Answer | undefined, message: string, code: string, command: string): Error {
    if (!answer) return new SmtpError(message, code, command);
    return 'error' in answer ? answer.error : new SmtpError(message, code, command, answer.reply);
  }

  destroy(error?: Error) {
    if (error) this.failure ??= error;
    this.socket.destroy();
  }

  /** Leaves politely (QUIT) when idle. */
  quit() {
    if (!this.alive) return;
    void this.one('QUIT');
    this.socket.end();
  }

  /**
   * One message to its recipients. Rejects with the reply of the first command refused (MAIL
   * FROM, RCPT TO when every recipient is refused, DATA, or the message itself); after a refusal
   * before the message, RSET leaves the connection ready for the next one.
   */
  async send(envelope: { from: string; to: string[] }, message: Buffer): Promise<void> {
    // An address is written into a command line: a line break or an angle bracket in it would end
    // the command and start another. Refused before anything is written, as nodemailer refuses it.
    const unsafe = /[\r\n<>]/;
    if (unsafe.test(envelope.from)) throw new SmtpError(`Invalid sender ${JSON.stringify(envelope.from)}`, 'EENVELOPE', 'API');
    const bad = envelope.to.find((to) => unsafe.test(to));
    if (bad !== undefined) throw new SmtpError(`Invalid recipient ${JSON.stringify(bad)}`, 'EENVELOPE', 'API');
    const utf8 = this.extensions.has('SMTPUTF8') && /[\u0080-\uffff]/.test([envelope.from, ...envelope.to].join('')) ? ' SMTPUTF8' : '';
    const commands = [`MAIL FROM:<${envelope.from}>${utf8}`, ...envelope.to.map((to) => `RCPT TO:<${to}>`), 'DATA'];
    let answers: Answer[];
    if (this.extensions.has('PIPELINING')) answers = await Promise.all(this.ask(commands));
    else {
      answers = [];
      for (const [i, command] of commands.entries()) {
        const answer = await this.one(command);
        answers.push(answer);
        // Stop at a lost connection, a refused sender, or once every recipient is refused.
        if ('error' in answer || (i === 0 && !ok(answer)) || (i === envelope.to.length && !answers.slice(1).some(ok))) break;
      }
    }
    const [mail, ...rest] = answers;
    const rcpts = rest.slice(0, envelope.to.length);
    const data = answers[envelope.to.length + 1];
    let refusal: Error | undefined;
    if (!ok(mail)) refusal = this.fail(mail, 'Mail command failed', 'EENVELOPE', 'MAIL FROM');
    else if (!rcpts.some(ok)) refusal = this.fail(rcpts.at(-1), "Can't send mail - all recipients were rejected", 'EENVELOPE', 'RCPT TO');
    else if (!data || !/^[23]/.test(String(codeOf(data)))) refusal = this.fail(data, 'Data command failed', 'EENVELOPE', 'DATA');
    if (refusal) {
      await this.reset(answers, codeOf(data) === 354);
      throw refusal;
    }
    const reply = this.expectReply(this.settings.timeouts.replyMs);
    // One segment where it fits: the escaped message and its closing dot written together.
    this.socket.cork();
    for (const piece of dataBlock(message)) this.socket.write(piece);
    this.socket.uncork();
    const answer = await reply;
    if (!ok(answer)) throw this.fail(answer, 'Message failed', 'EMESSAGE', 'DATA');
  }

  /**
   * After a refused transaction: a server that took DATA anyway gets an empty message's end, then
   * RSET forgets the envelope. A 421 (the server is closing), a lost connection or a refused RSET
   * ends this connection instead: the next message opens another.
   */
  private async reset(answers: Answer[], inData: boolean) {
    if (!this.alive || answers.some((answer) => 'error' in answer || codeOf(answer) === 421)) {
      this.destroy();
      return;
    }
    if (inData) {
      const end = this.expectReply(this.settings.timeouts.replyMs);
      this.socket.write('.\r\n');
      await end;
    }
    if (!ok(await this.one('RSET'))) this.destroy();
  }
}

export interface SmtpPool {
  /** Resolves once the server accepted the message; rejects with an SmtpError (or the socket's) otherwise. */
  send(envelope: { from: string; to: string[] }, message: Buffer): Promise<void>;
  /** Idle connections leave (QUIT); busy ones after their message. */
  close(): void;
}

export function createSmtpPool(poolSettings: SmtpPoolSettings): SmtpPool {
  const settings = { ...poolSettings, timeouts: { ...TIMEOUTS, ...poolSettings.timeouts } };
  const idle: Connection[] = [];
  /** Connections open or opening. */
  let open = 0;
  const waitingForOne: (() => void)[] = [];
  let closing = false;

  const gone = (connection: Connection) => {
    open -= 1;
    const at = idle.indexOf(connection);
    if (at !== -1) idle.splice(at, 1);
    waitingForOne.shift()?.();
  };

  const acquire = async (): Promise<Connection> => {
    for (;;) {
      if (closing) throw new SmtpError('The connection pool is closed', 'ECONNECTION', 'API');
      const reused = idle.pop();
      if (reused) {
        reused.socket.ref();
        return reused;
      }
      if (open < settings.connections) {
        open += 1;
        const connection = new Connection(settings, gone);
        try {
          await connection.ready();
        } catch (error) {
          connection.destroy();
          throw error;
        }
        return connection;
      }
      await new Promise<void>((resolve) => waitingForOne.push(resolve));
    }
  };

  const release = (connection: Connection) => {
    if (!connection.alive) return;
    if (closing) return connection.quit();
    // An idle connection keeps no process alive, and leaves after the reply timeout (the socket's inactivity).
    connection.socket.unref();
    idle.push(connection);
    waitingForOne.shift()?.();
  };

  return {
    async send(envelope, message) {
      const connection = await acquire();
      try {
        await connection.send(envelope, message);
      } finally {
        release(connection);
      }
    },
    close() {
      closing = true;
      for (const connection of idle.splice(0)) connection.quit();
      for (const wake of waitingForOne.splice(0)) wake();
    },
  };
}
