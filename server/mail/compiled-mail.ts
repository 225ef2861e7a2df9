import { randomBytes, randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { encode, wrap } from 'nodemailer/lib/qp/index.js';
import { escapeHtml } from '#shared/text';

/**
 * One message for many recipients, composed once (decision 047). Composing a MIME message is
 * most of what sending an edition costs: nodemailer scans and quoted-printable-encodes some 40 KB
 * of HTML and text for every copy (a third of the server's CPU while an edition went out). Here
 * nodemailer composes the headers once, the bodies are encoded once in pieces split at the
 * placeholders, and each copy is the pieces joined with its own values: its address, a
 * Message-ID of its own, and its links.
 *
 * A value goes between two soft line breaks (`=` at a line's end, which a reader removes), so a
 * piece encoded once never needs encoding again whatever the value's length. A copy decodes to
 * exactly what nodemailer would have sent (compiled-mail.test.ts parses both and compares).
 */
export interface MailTemplate {
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header values may hold placeholders too (List-Unsubscribe); they must stay ASCII once filled. */
  headers: Record<string, string>;
}

/** A copy's values, by placeholder: text as it is; the HTML body gets it HTML-escaped. */
export type Values = Record<string, string>;

export interface CompiledMail {
  /**
   * The copy for `to`, with its own Message-ID (`<…>`; a new one when not given), or null when
   * it cannot be made this way (an address beyond ASCII): send it composed.
   */
  copyFor(to: string, values: Values, messageId?: string): Buffer | null;
}

const ascii = /^[\x20-\x7e]*$/;
// Lines of at most 74 characters with the soft break, so a piece's closing `=` keeps every line within RFC 2045's 76.
const LINE = 73;
const encoded = (value: string) => wrap(encode(value), LINE).replace(/\r?\n/g, '\r\n');

type Part = string | { placeholder: string };

/** The body split at its placeholders, its text encoded once: each piece closes with a soft line break. */
function encodePieces(body: string, placeholders: string[]): Part[] {
  if (placeholders.length === 0) return [encoded(body)];
  const pattern = new RegExp(`(${placeholders.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return body
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece, i, pieces) => (placeholders.includes(piece) ? { placeholder: piece } : i === pieces.length - 1 ? encoded(piece) : `${encoded(piece)}=\r\n`));
}

/** Both bodies must have text (nodemailer leaves an empty one out, and so would the copies). */
export async function compileMail(template: MailTemplate, placeholders: string[]): Promise<CompiledMail> {
  if (!template.text || !template.html) throw new Error('a message composed once needs a text and an HTML body');
  // Markers nothing in the template can contain. The bodies' markers start with "é" so that
  // nodemailer encodes them (plain ASCII would go as 7bit), in quoted-printable, as the pieces are.
  const nonce = randomBytes(8).toString('hex');
  const toMarker = `to-${nonce}@compiled.invalid`;
  const headerMarkers = new Map<string, string>();
  const headers = Object.fromEntries(
    Object.entries(template.headers).map(([name, value], i) => {
      const marker = `H${i}X${nonce}`;
      headerMarkers.set(marker, value);
      return [name, marker];
    }),
  );
  const raw = (
    await new MailComposer({
      from: template.from,
      to: toMarker,
      subject: template.subject,
      text: `\u00e9T${nonce}`,
      html: `\u00e9H${nonce}`,
      textEncoding: 'quoted-printable',
      headers,
    })
      .compile()
      .build()
  ).toString('latin1');

  const textPieces = encodePieces(template.text, placeholders);
  const htmlPieces = encodePieces(template.html, placeholders);
  const messageId = /^Message-ID: <[^@>]+@([^>]+)>$/m.exec(raw);
  if (!messageId) throw new Error('nodemailer composed no Message-ID');
  const domain = messageId[1]!;

  // The composed message cut at every marker: what is between stays as nodemailer wrote it.
  const markers = [toMarker, messageId[0], `=C3=A9T${nonce}`, `=C3=A9H${nonce}`, ...headerMarkers.keys()];
  const pattern = new RegExp(`(${markers.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  const skeleton = raw.split(pattern);

  const fill = (value: string, values: Values) => {
    let out = value;
    // A function, so that a value's "$&" or "$'" is not read as a replacement pattern.
    for (const placeholder of placeholders) out = out.replaceAll(placeholder, () => values[placeholder] ?? '');
    return out;
  };
  const body = (pieces: Part[], values: Values, html: boolean) =>
    pieces
      .map((piece) => {
        if (typeof piece === 'string') return piece;
        const value = values[piece.placeholder] ?? '';
        return `${encoded(html ? escapeHtml(value) : value)}=\r\n`;
      })
      .join('');

  return {
    copyFor(to, values, ownId = `<${randomUUID()}@${domain}>`) {
      if (!ascii.test(to) || !ascii.test(ownId)) return null;
      const filledHeaders = new Map([...headerMarkers].map(([marker, value]) => [marker, fill(value, values)]));
      if ([...filledHeaders.values()].some((value) => !ascii.test(value))) return null;
      const text = skeleton.map((part, i) => {
        if (i % 2 === 0) return part;
        if (part === toMarker) return to;
        if (part === messageId[0]) return `Message-ID: ${ownId}`;
        if (part === `=C3=A9T${nonce}`) return body(textPieces, values, false);
        if (part === `=C3=A9H${nonce}`) return body(htmlPieces, values, true);
        return filledHeaders.get(part)!;
      });
      return Buffer.from(text.join(''), 'latin1');
    },
  };
}
