import type { Page } from '@playwright/test';

export interface LowContrast {
  text: string;
  color: string;
  background: string;
  ratio: number;
}

/**
 * Every visible text of the page whose contrast with what is behind it (the nearest background
 * that is not transparent, blended down to the canvas) is under `minimum` (WCAG AA: 4.5:1).
 * Mail clients that honour `prefers-color-scheme` draw the canvas dark when the message says it
 * supports dark (`<meta name="color-scheme" content="light dark">`), as Chromium does.
 */
export function lowContrastTexts(page: Page, minimum = 4.5): Promise<LowContrast[]> {
  return page.evaluate((min) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const parts = /rgba?\(([^)]+)\)/
        .exec(value)?.[1]
        ?.split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number) ?? [0, 0, 0, 0];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const dark =
      matchMedia('(prefers-color-scheme: dark)').matches && /dark/.test(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content') ?? '');
    const canvas: Rgba = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
    const backgroundOf = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) {
        const layer = parse(getComputedStyle(at).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), canvas);
    };
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]: Rgba) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const rgb = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;

    const found: { text: string; color: string; background: string; ratio: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/[\s\u034f\u200b-\u200f\ufeff]+/g, ' ').trim();
      const element = node.parentElement;
      if (!text || !element || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const background = backgroundOf(element);
      const color = over(parse(style.color), background);
      const [lighter, darker] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (lighter + 0.05) / (darker + 0.05);
      if (ratio < min) found.push({ text: text.slice(0, 60), color: rgb(color), background: rgb(background), ratio: Math.round(ratio * 100) / 100 });
    }
    return found;
  }, minimum);
}
