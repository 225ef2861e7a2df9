import { describe, expect, it } from 'vitest';
import { applyFormat, insertBlock } from './markdown-toolbar';

it('wraps the selection in bold or italic, keeping it selected', () => {
  expect(applyFormat({ text: 'Make this strong', start: 5, end: 9 }, 'bold')).toEqual({ text: 'Make **this** strong', start: 7, end: 11 });
  expect(applyFormat({ text: 'soft', start: 0, end: 4 }, 'italic')).toEqual({ text: '*soft*', start: 1, end: 5 });
});

it('inserts a placeholder when nothing is selected, selected to be typed over', () => {
  const state = applyFormat({ text: 'Hi ', start: 3, end: 3 }, 'bold');
  expect(state.text).toBe('Hi **bold text**');
  expect(state.text.slice(state.start, state.end)).toBe('bold text');
});

it('makes a link and selects its address', () => {
  const state = applyFormat({ text: 'Read the guide', start: 9, end: 14 }, 'link');
  expect(state.text).toBe('Read the [guide](https://)');
  expect(state.text.slice(state.start, state.end)).toBe('https://');
});

it('prefixes every selected line for headings, lists and quotes', () => {
  expect(applyFormat({ text: 'one\ntwo\nthree', start: 1, end: 6 }, 'list').text).toBe('- one\n- two\nthree');
  expect(applyFormat({ text: 'Title', start: 2, end: 2 }, 'heading').text).toBe('## Title');
  expect(applyFormat({ text: 'a\nsaid', start: 3, end: 3 }, 'quote').text).toBe('a\n> said');
});

describe('insertBlock', () => {
  it('puts an image on a paragraph of its own at the caret', () => {
    expect(insertBlock({ text: 'Intro text', start: 5, end: 5 }, '![A](/media/x.png)')).toEqual({ text: 'Intro\n\n![A](/media/x.png)\n\n text', start: 25, end: 25 });
    expect(insertBlock({ text: '', start: 0, end: 0 }, '![A](/a.png)')).toEqual({ text: '![A](/a.png)', start: 12, end: 12 });
    expect(insertBlock({ text: 'One\n\nTwo', start: 5, end: 8 }, '![B](/b.png)').text).toBe('One\n\n![B](/b.png)');
  });
});
