/** The editor's formatting toolbar: each button edits the Markdown around the selection. */
export const formats = ['heading', 'bold', 'italic', 'link', 'list', 'quote'] as const;
export type Format = (typeof formats)[number];

export interface TextState {
  text: string;
  start: number;
  end: number;
}

const placeholders: Record<'bold' | 'italic' | 'link', string> = { bold: 'bold text', italic: 'italic text', link: 'link text' };

/** Wraps the selection (or a placeholder, selected so typing replaces it). */
function wrap({ text, start, end }: TextState, before: string, after: string, placeholder: string): TextState {
  const selected = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + before + selected + after + text.slice(end);
  return { text: next, start: start + before.length, end: start + before.length + selected.length };
}

/**
 * Puts `prefix` before every line the selection touches (a selection ending at the start of a
 * line leaves that line alone). Without a selection the caret stays where it was in the line,
 * after the marker at the latest; a selection stays on the same text. Either way the marker is
 * never selected, so the next key typed cannot replace it.
 */
function prefixLines({ text, start, end }: TextState, prefix: (index: number) => string): TextState {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lastTouched = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const lineEnd = text.indexOf('\n', lastTouched) === -1 ? text.length : text.indexOf('\n', lastTouched);
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const markers = lines.map((_, index) => prefix(index));
  const changed = lines.map((line, index) => markers[index] + line).join('\n');
  // How far a position in the original text moves: the markers of its line and every line above it.
  const shift = (position: number) => {
    const line = text.slice(lineStart, position).split('\n').length - 1;
    return markers.slice(0, Math.min(line, markers.length - 1) + 1).reduce((sum, marker) => sum + marker.length, 0);
  };
  return { text: text.slice(0, lineStart) + changed + text.slice(lineEnd), start: start + shift(start), end: end + shift(lastTouched) };
}

export function applyFormat(state: TextState, format: Format): TextState {
  switch (format) {
    case 'bold':
      return wrap(state, '**', '**', placeholders.bold);
    case 'italic':
      return wrap(state, '*', '*', placeholders.italic);
    case 'link': {
      const linked = wrap(state, '[', '](https://)', placeholders.link);
      // The address is what comes next: select "https://" to be typed over.
      const urlStart = linked.end + 2;
      return { text: linked.text, start: urlStart, end: urlStart + 'https://'.length };
    }
    case 'heading':
      return prefixLines(state, () => '## ');
    case 'list':
      return prefixLines(state, () => '- ');
    case 'quote':
      return prefixLines(state, () => '> ');
  }
}

/** Puts a block (an image) at the caret as a paragraph of its own, replacing any selection; the caret after it. */
export function insertBlock({ text, start, end }: TextState, block: string): TextState {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const next = before + lead + block + trail + after;
  const caret = before.length + lead.length + block.length;
  return { text: next, start: caret, end: caret };
}
