/**
 * A step of the Check-Up replaces the whole screen: it starts at the top of the page, at once, and
 * its heading takes focus (so keyboard and screen reader users start there too). The page scrolls
 * smoothly elsewhere (styles.css); here a smooth scroll would slide the new answers up under a
 * pointer for a third of a second, and a click on an answer as it shows would land beside it.
 * Called from a layout effect, before the new step is painted.
 */
export function showNewScreen(heading: HTMLElement | null): void {
  window.scrollTo({ top: 0, behavior: 'instant' });
  heading?.focus({ preventScroll: true });
}
