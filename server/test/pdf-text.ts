import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF's pages, for tests: pdfkit writes each line as hex glyph codes in a
 * `[<…> kern <…>] TJ` array inside (usually deflated) content streams, so a title never shows
 * up as plain bytes. This reads every stream, inflates it when needed and decodes those
 * arrays: enough for our own PDFs (standard fonts, WinAnsi), not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamStart = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const length = Number(/\/Length (\d+)/.exec(match[1]!)?.[1] ?? -1);
    if (length < 0) continue;
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + length);
    const content = (/\/FlateDecode/.test(match[1]!) ? inflateSync(bytes) : bytes).toString('latin1');
    for (const array of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
