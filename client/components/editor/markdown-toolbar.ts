/** The editor's formatting toolbar (issue 23.1): each button edits the Markdown around the selection. */
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

/** Puts `prefix` before every line the selection touches. */
function prefixLines({ text, start, end }: TextState, prefix: (index: number) => string): TextState {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const changed = lines.map((line, index) => prefix(index) + line).join('\n');
  return { text: text.slice(0, lineStart) + changed + text.slice(lineEnd), start: lineStart, end: lineStart + changed.length };
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
