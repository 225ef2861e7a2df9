import { afterEach, expect, it, vi } from 'vitest';
import { dismissFailureToasts, dismissToast, getToasts, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast } from './use-toast';

afterEach(() => vi.useRealTimers());

it('keeps one toast at a time, the newest', () => {
  toast({ title: 'First' });
  const second = toast({ title: 'Second', description: 'Newest wins', variant: 'destructive' });
  expect(TOAST_LIMIT).toBe(1);
  expect(getToasts()).toEqual([{ id: second.id, title: 'Second', description: 'Newest wins', variant: 'destructive', open: true }]);
});

it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
  vi.useFakeTimers();
  const { id } = toast({ title: 'Saved' });
  dismissToast(id);
  expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
  expect(getToasts()).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(getToasts()).toEqual([]);
});

it('closes an error toast when an action then succeeds, and leaves other toasts alone', () => {
  const failed = toast({ title: 'Signup Failed', description: 'Try again', variant: 'destructive' });
  dismissFailureToasts();
  expect(getToasts()).toEqual([expect.objectContaining({ id: failed.id, open: false })]);
  const info = toast({ title: 'Saved' });
  dismissFailureToasts();
  expect(getToasts()).toEqual([expect.objectContaining({ id: info.id, open: true })]);
});
