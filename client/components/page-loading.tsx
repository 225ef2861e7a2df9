import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Brings a loading state into sight when it appears above the header. A page reloaded far down is
 * put back where it was scrolled to, but drawn as loading (the account not known yet) it is much
 * shorter: the browser stops at the footer, with the loading state above the header, out of sight.
 * Scrolls just enough to show it right under the header; one already in sight stays where it is.
 */
export function useLoadingInSight(loading: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const reveal = () => {
      const box = loading.current?.getBoundingClientRect();
      const headerBottom = document.getElementById('site-header')?.getBoundingClientRect().bottom ?? 0;
      if (box && box.top + box.height / 2 < headerBottom) window.scrollBy({ top: box.top - headerBottom, behavior: 'instant' });
    };
    reveal();
    // The browser puts a reloaded page back where it was once it has loaded, which can come after
    // the page's scripts have drawn this (after a slow image or font; Chromium 156 scrolls there
    // smoothly after the load event). Until the person scrolls or types themselves, a scroll that
    // takes the loading state out of sight brings it back.
    const userInput = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    const stop = () => {
      window.removeEventListener('scroll', reveal);
      for (const type of userInput) window.removeEventListener(type, stop);
    };
    window.addEventListener('scroll', reveal, { passive: true });
    for (const type of userInput) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [loading]);
}

/** A page's (or a page part's) spinner while what it shows loads, kept in sight under the header. */
export function PageLoading() {
  const box = useRef<HTMLDivElement>(null);
  useLoadingInSight(box);
  return (
    <div ref={box} className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
