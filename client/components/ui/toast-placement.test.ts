import { expect, it } from 'vitest';
import { toastEdge } from './toast-placement';

const screen = { headerBottom: 65, screenHeight: 740, height: 110 };

it('puts toasts under the header when nothing in use is there', () => {
  expect(toastEdge({ ...screen, controls: [] })).toBe('top');
  expect(toastEdge({ ...screen, controls: [{ top: 600, bottom: 644 }] })).toBe('top');
  // Just clear of the band's lower edge, and a control scrolled under the header.
  expect(toastEdge({ ...screen, controls: [{ top: 175, bottom: 219 }] })).toBe('top');
  expect(toastEdge({ ...screen, controls: [{ top: 20, bottom: 64 }] })).toBe('top');
});

it('puts them at the bottom when under the header they would cover the focused or the last pressed control', () => {
  expect(toastEdge({ ...screen, controls: [{ top: 100, bottom: 144 }] })).toBe('bottom');
  expect(
    toastEdge({
      ...screen,
      controls: [
        { top: 400, bottom: 444 },
        { top: 150, bottom: 194 },
      ],
    }),
  ).toBe('bottom');
});

it('follows the header down when its menu is open', () => {
  expect(toastEdge({ ...screen, headerBottom: 300, controls: [{ top: 350, bottom: 394 }] })).toBe('bottom');
  expect(toastEdge({ ...screen, headerBottom: 300, controls: [{ top: 450, bottom: 494 }] })).toBe('top');
});

it('keeps clear of the focused control when both places cover one', () => {
  expect(
    toastEdge({
      ...screen,
      controls: [
        { top: 100, bottom: 144 },
        { top: 680, bottom: 724 },
      ],
    }),
  ).toBe('bottom');
  expect(
    toastEdge({
      ...screen,
      controls: [
        { top: 680, bottom: 724 },
        { top: 100, bottom: 144 },
      ],
    }),
  ).toBe('top');
});
