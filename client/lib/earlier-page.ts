/** sessionStorage is per tab: the key says a page of ours was already loaded in this tab. */
const KEY = 'nlh_page_seen';
let seenBefore = false;

/** Called once as the app starts in the browser: notes whether an earlier page of ours was loaded in this tab. */
export function notePageLoad(): void {
  try {
    seenBefore = sessionStorage.getItem(KEY) === '1';
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage disabled: only this visit's own history counts.
  }
}

/**
 * Whether the browser's Back stays on this site: an earlier entry of this visit (React Router
 * numbers them), or an earlier page of ours loaded in this tab. Call it from event handlers.
 */
export function earlierPageIsOurs(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return index > 0 || (seenBefore && window.history.length > 1);
}
