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

/** What typing `typed` right after the button does: it replaces the selection. */
const typeAfter = (state: { text: string; start: number; end: number }, typed: string) =>
  state.text.slice(0, state.start) + typed + state.text.slice(state.end);

describe('heading, list and quote never leave their marker selected', () => {
  it('on an empty line the caret goes after the marker, so typing keeps it', () => {
    for (const [format, marker] of [
      ['heading', '## '],
      ['list', '- '],
      ['quote', '> '],
    ] as const) {
      const state = applyFormat({ text: 'Intro\n\n', start: 7, end: 7 }, format);
      expect(state).toEqual({ text: `Intro\n\n${marker}`, start: 7 + marker.length, end: 7 + marker.length });
      expect(typeAfter(state, 'N')).toBe(`Intro\n\n${marker}N`);
    }
    expect(typeAfter(applyFormat({ text: '', start: 0, end: 0 }, 'heading'), 'Plan')).toBe('## Plan');
  });

  it('on a line with text the caret keeps its place in it, after the marker', () => {
    expect(applyFormat({ text: 'Title', start: 0, end: 0 }, 'heading')).toEqual({ text: '## Title', start: 3, end: 3 });
    expect(applyFormat({ text: 'Title', start: 5, end: 5 }, 'list')).toEqual({ text: '- Title', start: 7, end: 7 });
    expect(applyFormat({ text: 'a\nsaid', start: 4, end: 4 }, 'quote')).toEqual({ text: 'a\n> said', start: 6, end: 6 });
  });

  it('on a selection, every line gets the marker and the same text stays selected', () => {
    const text = 'one\ntwo\nthree';
    const lines = applyFormat({ text, start: 0, end: 7 }, 'list');
    expect(lines.text).toBe('- one\n- two\nthree');
    expect(lines.text.slice(lines.start, lines.end)).toBe('one\n- two');
    const word = applyFormat({ text, start: 4, end: 7 }, 'quote');
    expect(word.text).toBe('one\n> two\nthree');
    expect(word.text.slice(word.start, word.end)).toBe('two');
    // Whole lines selected with their line break: the line after them is left alone.
    const whole = applyFormat({ text, start: 0, end: 8 }, 'heading');
    expect(whole.text).toBe('## one\n## two\nthree');
    expect(whole.text.slice(whole.start, whole.end)).toBe('one\n## two\n');
  });
});

describe('insertBlock', () => {
  it('puts an image on a paragraph of its own at the caret', () => {
    expect(insertBlock({ text: 'Intro text', start: 5, end: 5 }, '![A](/media/x.png)')).toEqual({
      text: 'Intro\n\n![A](/media/x.png)\n\n text',
      start: 25,
      end: 25,
    });
    expect(insertBlock({ text: '', start: 0, end: 0 }, '![A](/a.png)')).toEqual({ text: '![A](/a.png)', start: 12, end: 12 });
    expect(insertBlock({ text: 'One\n\nTwo', start: 5, end: 8 }, '![B](/b.png)').text).toBe('One\n\n![B](/b.png)');
  });
});
