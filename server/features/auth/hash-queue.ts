import { availableParallelism } from 'node:os';
import { HttpError } from '../../http/errors';

/** Answered when too many password hashes are waiting: the client retries after a pause. */
export class HashingBusyError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'The server is busy. Please try again in a few seconds.');
  }
}

/**
 * Runs scrypt calls a few at a time. scrypt runs on libuv's thread pool (4 threads), which
 * static files, compression and the database driver's handshake share: unbounded, a burst of
 * sign-ins or registrations starved every other request for tens of seconds. At most
 * `concurrency` hashes run at once (half the cores, leaving the rest of the pool and a core to
 * everything else); up to `maxWaiting` wait their turn, and beyond that the request is refused
 * at once with 503 and Retry-After instead of waiting without end.
 */
export function createHashQueue(options: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw new HashingBusyError(5);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running += 1;
      try {
        return await work();
      } finally {
        next();
      }
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export const hashQueue = createHashQueue({ concurrency: Math.max(1, Math.floor(availableParallelism() / 2)), maxWaiting: 200 });
