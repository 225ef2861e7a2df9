import { describe, expect, it } from 'vitest';
import type { AnswerDraft } from '#shared/team-checkup/schemas';
import { ApiError } from '../../lib/api';
import { createDraftSaver, retryDelaysMs, type SaveState } from './draft-saver';

const draft = (count: number): AnswerDraft => ({ answers: Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), 2])), role: null });

/** A save the test settles by hand, and timers it runs by hand. */
function harness() {
  const calls: Array<{ draft: AnswerDraft; resolve: () => void; reject: (error: unknown) => void }> = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const states: SaveState[] = [];
  const saver = createDraftSaver({
    save: (d) => new Promise<void>((resolve, reject) => calls.push({ draft: d, resolve, reject })),
    onState: (state) => states.push(state),
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => ((timer as { cleared: boolean }).cleared = true),
  });
  return { calls, timers, states, saver };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the answer page keeps progress on the server', () => {
  it('sends one save at a time and then only the latest progress', async () => {
    const { calls, states, saver } = harness();
    saver.push(draft(1));
    saver.push(draft(2));
    saver.push(draft(3));
    expect(calls).toHaveLength(1);
    expect(Object.keys(calls[0]!.draft.answers)).toHaveLength(1);
    calls[0]!.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(Object.keys(calls[1]!.draft.answers)).toHaveLength(3);
    calls[1]!.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(states).toEqual(['saving', 'saving', 'saved']);
  });

  it('tries a failed save again, with the newest progress, and says so meanwhile', async () => {
    const { calls, timers, states, saver } = harness();
    saver.push(draft(1));
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(states.at(-1)).toBe('retrying');
    expect(timers[0]!.ms).toBe(retryDelaysMs[0]);
    // Answers given while offline are not sent until the wait is over, then all at once.
    saver.push(draft(2));
    expect(calls).toHaveLength(1);
    timers[0]!.run();
    expect(calls).toHaveLength(2);
    expect(Object.keys(calls[1]!.draft.answers)).toHaveLength(2);
    calls[1]!.reject(new ApiError(429, 'Too many requests'));
    await settle();
    expect(timers[1]!.ms).toBe(retryDelaysMs[1]);
    timers[1]!.run();
    calls[2]!.resolve();
    await settle();
    expect(states.at(-1)).toBe('saved');
    expect(Object.keys(calls[2]!.draft.answers)).toHaveLength(2);
  });

  it('stops at a refusal on purpose (the round closed) and when the page is left', async () => {
    const refused = harness();
    refused.saver.push(draft(1));
    refused.calls[0]!.reject(new ApiError(409, 'This round has closed: answers can no longer be given or changed.'));
    await settle();
    expect(refused.states.at(-1)).toBe('refused');
    refused.saver.push(draft(2));
    expect(refused.calls).toHaveLength(1);
    expect(refused.timers).toHaveLength(0);

    const left = harness();
    left.saver.push(draft(1));
    left.calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    left.saver.dispose();
    expect(left.timers[0]!.cleared).toBe(true);
  });
});
