/** A stretch of the screen from top to bottom, in px from the top of the screen. */
export interface Span {
  top: number;
  bottom: number;
}

export type ToastEdge = 'top' | 'bottom';

/**
 * Where a phone's toasts go (docs/product.md §8): right under the header, unless they would cover
 * one of `controls` there (the focused control first, then the one last pressed), else at the
 * bottom of the screen; when both places cover one, the place clear of the first. `height` is the
 * toasts' band with its margins; the header's own height counts its open menu or search row.
 */
export function toastEdge({
  headerBottom,
  screenHeight,
  height,
  controls,
}: {
  headerBottom: number;
  screenHeight: number;
  height: number;
  controls: Span[];
}): ToastEdge {
  const bands: Record<ToastEdge, Span> = {
    top: { top: headerBottom, bottom: headerBottom + height },
    bottom: { top: screenHeight - height, bottom: screenHeight },
  };
  const covers = (band: Span, control: Span) => control.bottom > band.top && control.top < band.bottom;
  const clear = (['top', 'bottom'] as const).find((edge) => !controls.some((control) => covers(bands[edge], control)));
  if (clear) return clear;
  return controls[0] && covers(bands.top, controls[0]) ? 'bottom' : 'top';
}
