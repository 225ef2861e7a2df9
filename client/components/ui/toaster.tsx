import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { clsx } from 'clsx';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { type Span, toastEdge } from './toast-placement';
import { dismissToast, lastUsedControl, markToasterShown, TOAST_DURATION_MS, type ToastItem, useToasts } from './use-toast';

const spanOf = (element: Element): Span => {
  const { top, bottom } = element.getBoundingClientRect();
  return { top, bottom };
};

/**
 * Places the toasts on a phone (toastEdge): under the header as it is drawn now (with its open
 * menu or search row), or at the bottom of the screen when there they would cover the focused
 * control or the one last pressed. Measured after layout and written on the viewport element
 * before the browser paints, so a toast never shows in one place and then jumps; again when the
 * header or the toasts change size, the focus moves, or a scroll ends (a form scrolling smoothly
 * to the field it wants filled in).
 */
function usePhonePlacement(toasts: ToastItem[]): RefObject<HTMLOListElement | null> {
  const viewport = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const header = document.getElementById('site-header');
    const place = () => {
      const band = viewport.current;
      // Someone working with a toast (its Close button, F8) keeps it where it is.
      if (!band || band.contains(document.activeElement)) return;
      const headerBottom = Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
      const focused = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
      const controls = [focused, lastUsedControl()].filter((control): control is Element => control !== null).map(spanOf);
      const edge = toastEdge({ headerBottom, screenHeight: document.documentElement.clientHeight, height: band.getBoundingClientRect().height, controls });
      band.dataset.edge = edge;
      band.style.setProperty('--toast-top', `${headerBottom}px`);
    };
    place();
    const resized = new ResizeObserver(place);
    if (header) resized.observe(header);
    if (viewport.current) resized.observe(viewport.current);
    window.addEventListener('resize', place);
    document.addEventListener('focusin', place);
    document.addEventListener('scrollend', place);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', place);
      document.removeEventListener('focusin', place);
      document.removeEventListener('scrollend', place);
    };
  }, [toasts]);
  return viewport;
}

/** Renders the toast queue with Radix: swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  useEffect(markToasterShown, []);
  const viewport = usePhonePlacement(toasts);
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
      {/* On a phone under the header or at the bottom (usePhonePlacement): at the top of the screen
          a toast covered the header's menu and sign-in for its five seconds, at the bottom always
          it covered the button that answers it (the checkout's Pay after "Payment Failed"). From
          640 px it sits in the bottom-right corner. The band itself lets taps through to the page
          (its padding stayed after the last toast closed); only the toasts take them. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        data-toasts=""
        className="pointer-events-none fixed top-(--toast-top) right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none data-[edge=bottom]:top-auto data-[edge=bottom]:bottom-0 sm:top-auto sm:bottom-0"
      />
    </ToastPrimitive.Provider>
  );
}
