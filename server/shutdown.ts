/** What stopping needs: a log that may fail, the steps in order, and how to exit. */
export interface ShutdownDeps {
  log: { info(message: string): void; error(message: string): void };
  /** Run in order: stop accepting and finish requests, stop jobs, let mail finish, close the database. */
  steps: (() => Promise<unknown>)[];
  exit: (code: number) => void;
  /**
   * Ends the process when the backstop fires. It must work whatever still runs or hangs, exit
   * handlers included (a logger flushing into a pipe nobody reads once looped there forever), so
   * the server's is SIGKILL.
   */
  forceExit: () => void;
  /** The longest a shutdown may take before the process is ended anyway. */
  backstopMs?: number;
}

/**
 * The SIGTERM/SIGINT handler (server/main.ts). The backstop is armed before anything else and
 * nothing before it can throw: a log write failing (its pipe gone with a dead parent, EPIPE) once
 * left the process running with every later signal ignored. Later signals are ignored, because
 * the first one is already stopping it.
 */
export function createShutdown({ log, steps, exit, forceExit, backstopMs = 10_000 }: ShutdownDeps): (signal: string) => Promise<void> {
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
      say('error', `shutdown took over ${backstopMs / 1000} s; ending the process`);
      forceExit();
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

/** The server's forceExit: nothing of the process runs after it, no exit handler, no flush. */
export const killProcess = (): void => {
  process.kill(process.pid, 'SIGKILL');
};
