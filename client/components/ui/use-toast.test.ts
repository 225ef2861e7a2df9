import { afterEach, expect, it, vi } from 'vitest';
import { afterToastShown, dismissFailureToasts, dismissToast, getToasts, markToasterShown, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast } from './use-toast';

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

it('times an action from the moment the toaster is on screen, not from the call', () => {
  vi.useFakeTimers();
  const redirect = vi.fn();
  const cancelled = vi.fn();
  afterToastShown(redirect, 1000);
  const cancel = afterToastShown(cancelled, 1000);
  cancel();
  // The toaster's code is still loading: a second passes and nothing may leave yet.
  vi.advanceTimersByTime(5000);
  expect(redirect).not.toHaveBeenCalled();
  markToasterShown();
  vi.advanceTimersByTime(999);
  expect(redirect).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(redirect).toHaveBeenCalledOnce();
  expect(cancelled).not.toHaveBeenCalled();
  // Once shown, later actions are timed from their call.
  const later = vi.fn();
  afterToastShown(later, 500);
  vi.advanceTimersByTime(500);
  expect(later).toHaveBeenCalledOnce();
});
