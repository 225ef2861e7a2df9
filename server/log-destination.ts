import { fstatSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { isatty, WriteStream } from 'node:tty';

/** The most log output kept waiting for a destination that does not read; lines past it are dropped. */
export const LOG_BUFFER_BYTES = 1024 * 1024;

export interface LogDestination {
  /** Takes one log line (pino calls it); never blocks and never throws. */
  write(line: string): void;
  /** Resolves once what is waiting has been written, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
}

/** What a pipe, socket or terminal destination needs of its stream (net.Socket, tty.WriteStream). */
export interface LogStream {
  write(chunk: string): boolean;
  readonly writableLength: number;
  once(event: 'drain', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/**
 * The server's log output on a file descriptor (stdout). Pino's own destination writes
 * synchronously at exit and retries forever while a pipe is full: a log reader that stalled kept
 * the process from ever exiting, past its shutdown backstop. Here a pipe, socket or terminal is
 * written without blocking, through the event loop; while it does not read, at most
 * `maxBufferedBytes` wait for it and later lines are dropped (counted, and said once it reads
 * again); if it is gone (EPIPE), lines are dropped. A regular file is written directly.
 */
export function openLogDestination(fd = 1, maxBufferedBytes = LOG_BUFFER_BYTES): LogDestination {
  if (isatty(fd)) {
    const terminal = new WriteStream(fd);
    // tty.WriteStream makes terminal writes blocking: a paused terminal (Ctrl-S) would stop the server.
    (terminal as unknown as { _handle?: { setBlocking?(blocking: boolean): void } })._handle?.setBlocking?.(false);
    terminal.unref();
    return boundedLogStream(terminal, maxBufferedBytes);
  }
  if (isPipeOrSocket(fd)) {
    const pipe = new Socket({ fd, readable: false, writable: true });
    pipe.unref();
    return boundedLogStream(pipe, maxBufferedBytes);
  }
  return {
    write(line) {
      try {
        writeSync(fd, line);
      } catch {
        // A log line that cannot be written is not worth stopping the server for.
      }
    },
    flush: async () => {},
  };
}

function isPipeOrSocket(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** Writes lines into `stream` while it takes them; keeps at most `maxBufferedBytes` waiting when it does not. */
export function boundedLogStream(stream: LogStream, maxBufferedBytes: number): LogDestination & { readonly dropped: number } {
  let dropped = 0;
  let broken = false;
  stream.on('error', () => {
    broken = true;
  });
  return {
    get dropped() {
      return dropped;
    },
    write(line) {
      if (broken) return;
      if (stream.writableLength + line.length > maxBufferedBytes) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        stream.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines dropped: the log destination was not reading` })}\n`);
        dropped = 0;
      }
      stream.write(line);
    },
    flush(timeoutMs) {
      if (broken || stream.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stream.removeListener('drain', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        stream.once('drain', done);
      });
    },
  };
}
