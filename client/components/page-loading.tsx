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
    // The browser may put a reloaded page back where it was once more when it has loaded (after a
    // slow image or font), which can come after the page's scripts have drawn this.
    if (document.readyState === 'complete') return;
    window.addEventListener('load', reveal, { once: true });
    return () => window.removeEventListener('load', reveal);
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
