import type { AnswerDraft } from '#shared/team-checkup/schemas';
import { ApiError } from '../../lib/api';

/** What the answer page says about the progress kept on the server. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'refused';

/** Waits between tries after a failed save: soon at first, then every 15 seconds while it keeps failing. */
export const retryDelaysMs = [1000, 3000, 8000, 15000] as const;

interface DraftSaverOptions {
  save: (draft: AnswerDraft) => Promise<unknown>;
  onState: (state: SaveState, error?: unknown) => void;
  /** Timers, given by tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Keeps a respondent's progress on the server as they answer, one save at a time: answers given
 * while a save is on its way are sent together after it, only the latest progress is ever sent, and
 * a failed save is tried again (the person keeps answering meanwhile). A refusal on purpose (the
 * round closed, the invitation withdrawn: a 4xx other than 429) stops it: trying again would only repeat it.
 */
export function createDraftSaver({ save, onState, setTimer = setTimeout, clearTimer = (t) => clearTimeout(t as number) }: DraftSaverOptions) {
  let latest: AnswerDraft | null = null;
  let sending = false;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;

  async function send(): Promise<void> {
    if (!latest || sending || timer !== null || stopped) return;
    const draft = latest;
    latest = null;
    sending = true;
    onState('saving');
    try {
      await save(draft);
      failures = 0;
      sending = false;
      if (latest) await send();
      else onState('saved');
    } catch (error) {
      sending = false;
      // Too many saves at once (429) is worth trying again later; any other 4xx would only repeat.
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
        stopped = true;
        onState('refused', error);
        return;
      }
      // The progress that failed goes again, unless newer progress (which includes it) is waiting.
      latest ??= draft;
      const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)]!;
      failures += 1;
      onState('retrying', error);
      timer = setTimer(() => {
        timer = null;
        void send();
      }, delay);
    }
  }

  return {
    /** The person's progress now: sent when no save is on its way, else after it. */
    push(draft: AnswerDraft) {
      latest = draft;
      void send();
    },
    /** The page is left: no more tries. */
    dispose() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
