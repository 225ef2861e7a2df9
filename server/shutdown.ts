/** What stopping needs: a log that may fail, the steps in order, and how to exit. */
export interface ShutdownDeps {
  log: { info(message: string): void; error(message: string): void };
  /** Run in order: stop accepting and finish requests, stop jobs, let mail finish, close the database. */
  steps: (() => Promise<unknown>)[];
  exit: (code: number) => void;
  /** The longest a shutdown may take before the process exits anyway. */
  backstopMs?: number;
}

/**
 * The SIGTERM/SIGINT handler (server/main.ts). The backstop is armed before anything else and
 * nothing before it can throw: a log write failing (its pipe gone with a dead parent, EPIPE) once
 * left the process running with every later signal ignored. Later signals are ignored, because
 * the first one is already stopping it.
 */
export function createShutdown({ log, steps, exit, backstopMs = 10_000 }: ShutdownDeps): (signal: string) => Promise<void> {
  let stopping = false;
  const say = (level: 'info' | 'error', message: string) => {
    try {
      log[level](message);
    } catch {
      // Nowhere to say it: stopping matters more.
    }
  };
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => {
      say('error', `shutdown took over ${backstopMs / 1000} s; exiting`);
      exit(1);
    }, backstopMs);
    try {
      say('info', `${signal} received: finishing in-flight requests`);
      for (const step of steps) await step();
    } catch (error) {
      say('error', `shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      clearTimeout(timer);
      exit(1);
      return;
    }
    clearTimeout(timer);
    exit(0);
  };
}
