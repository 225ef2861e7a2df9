import { useSyncExternalStore } from 'react';

/**
 * The toast queue (docs/product.md §9): one toast visible at a time, 5000 ms on screen, and a
 * dismissed toast kept 1,000,000 ms before removal so its closing animation is never cut off.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removals.has(id)) {
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        emit(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/**
 * Closes the error toasts on screen: called when an action succeeds, so the failure of an
 * earlier try never outlives the retry that worked (a 'Signup Failed' still showing on /welcome).
 */
export function dismissFailureToasts(): void {
  for (const shown of toasts) if (shown.open && shown.variant === 'destructive') dismissToast(shown.id);
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

const noToasts: ToastItem[] = [];

/** The current queue: the store's snapshot. */
export function getToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToasts,
    // The server never has toasts.
    () => noToasts,
  );
}

let usedControl: Element | null = null;
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [contenteditable="true"]';

/**
 * Remembers the control a person last pressed or typed in, so a toast it raises sits clear of it
 * (toaster.tsx): a button that is disabled while its request runs has lost the focus by the time
 * the answer's toast shows. Started by the layout, before the toaster's code has arrived.
 */
export function watchUsedControls(): () => void {
  const note = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A press on a toast (its Close button, a swipe) is about the toast, not the page.
    if (target?.closest('[data-toasts]')) return;
    usedControl = target?.closest(CONTROLS) ?? null;
  };
  document.addEventListener('pointerdown', note, true);
  document.addEventListener('keydown', note, true);
  return () => {
    document.removeEventListener('pointerdown', note, true);
    document.removeEventListener('keydown', note, true);
  };
}

/** The control last pressed, while it is still on the page. */
export const lastUsedControl = (): Element | null => (usedControl?.isConnected ? usedControl : null);

let toasterShown = false;
const toasterWaiters = new Set<() => void>();

/** Called by the Toaster once it is on screen: its code arrives lazily with the first toast. */
export function markToasterShown(): void {
  toasterShown = true;
  for (const waiter of toasterWaiters) waiter();
  toasterWaiters.clear();
}

/**
 * Runs `action` `delayMs` after the toast just raised is on screen, not after it was asked for:
 * on a slow phone the toaster's code can take longer than the delay, and a redirect timed from
 * the call would leave before anyone could read why. Returns a cancel function.
 */
export function afterToastShown(action: () => void, delayMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(action, delayMs);
  };
  if (toasterShown) start();
  else toasterWaiters.add(start);
  return () => {
    toasterWaiters.delete(start);
    clearTimeout(timer);
  };
}
