import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { clsx } from 'clsx';
import { useEffect } from 'react';
import { dismissToast, markToasterShown, TOAST_DURATION_MS, useToasts } from './use-toast';

/** Renders the toast queue with Radix: swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  useEffect(markToasterShown, []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={clsx(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* At the top on a phone: at the bottom, a full-width toast covered the button that answers it
          (the checkout's Pay after "Payment Failed"). From 640 px it sits in the bottom-right corner.
          The band itself lets taps through to the page (its padding stayed after the last toast
          closed); only the toasts take them. */}
      <ToastPrimitive.Viewport className="pointer-events-none fixed right-0 top-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:bottom-0 sm:top-auto" />
    </ToastPrimitive.Provider>
  );
}
