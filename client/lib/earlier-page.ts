/** sessionStorage is per tab: the key says a page of ours was already loaded in this tab. */
const KEY = 'nlh_page_seen';
let seenBefore: boolean | undefined;

/** Reads the tab's mark and sets it, once: whether an earlier page of ours was loaded in this tab. */
function noteOnce(): boolean {
  if (seenBefore === undefined) {
    try {
      seenBefore = sessionStorage.getItem(KEY) === '1';
      sessionStorage.setItem(KEY, '1');
    } catch {
      // Storage disabled: only this visit's own history counts.
      seenBefore = false;
    }
  }
  return seenBefore;
}

/**
 * Called once as the app starts in the browser: the mark is read and set when the page is idle.
 * Storage's first use in a page costs a phone's main thread about 10 ms, which at start would
 * come before React's hydration; nothing needs the mark before a person acts.
 */
export function notePageLoad(): void {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => noteOnce());
}

/**
 * Whether the browser's Back stays on this site: an earlier entry of this visit (React Router
 * numbers them), or an earlier page of ours loaded in this tab. Call it from event handlers.
 */
export function earlierPageIsOurs(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return index > 0 || (noteOnce() && window.history.length > 1);
}
