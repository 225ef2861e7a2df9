import { type Token, type Tokens, marked } from 'marked';
import { splitFrontMatter } from '#shared/content/front-matter';

/**
 * Renders a field guide's Markdown (the same file the page is built from) as a printable PDF:
 * a title block, the guide's headings, paragraphs, lists, checklists with empty boxes to tick
 * by hand, and blockquotes, with page numbers in the footer. Only the Markdown our guides use
 * is handled; anything else falls back to its plain text, so nothing is silently dropped.
 */

const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', boldItalic: 'Helvetica-BoldOblique' } as const;
const colours = { text: '#1c1917', muted: '#57534e', brand: '#0f5e56', rule: '#d6d3d1', quoteBg: '#effaf8' } as const;
const body = { size: 11.5, lineGap: 3.5 } as const;
const margin = 64;
const footerHeight = 28;
const indent = 18;

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

export interface GuidePdfInput {
  source: string;
  siteName: string;
  /** Kept as a parameter: readable, uncompressed output helps when checking a PDF by eye. */
  compress?: boolean;
}

export async function renderGuidePdf({ source, siteName, compress = true }: GuidePdfInput): Promise<Buffer> {
  const { meta, body: markdown } = splitFrontMatter(source);
  const title = meta.title ?? 'Field Guide';
  // Loaded on first use: pdfkit takes a few hundred ms to load, which every server start would otherwise pay.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: margin, bottom: margin + footerHeight, left: margin, right: margin },
    bufferPages: true,
    compress,
    info: { Title: title, Author: siteName, Subject: meta.description ?? '' },
    lang: 'en-US',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = new GuideWriter(doc);
  writer.titleBlock(siteName, title, meta.subtitle, meta.readingTime);
  for (const token of marked.lexer(markdown, { gfm: true })) writer.block(token);
  writer.footers(siteName, title);
  doc.end();
  return done;
}

class GuideWriter {
  private readonly left: number;
  private readonly width: number;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  titleBlock(siteName: string, title: string, subtitle: string | undefined, readingTime: string | undefined) {
    const { doc } = this;
    doc.font(fonts.bold).fontSize(10).fillColor(colours.brand).text(siteName.toUpperCase(), this.left, doc.y, { characterSpacing: 1.2 });
    doc.moveDown(0.6);
    doc.font(fonts.bold).fontSize(26).fillColor(colours.text).text(title, { lineGap: 2 });
    if (subtitle) {
      doc.moveDown(0.4);
      doc.font(fonts.regular).fontSize(14).fillColor(colours.muted).text(subtitle, { lineGap: 3 });
    }
    if (readingTime) {
      doc.moveDown(0.4);
      doc.font(fonts.italic).fontSize(10).fillColor(colours.muted).text(`Field guide · ${readingTime}`);
    }
    doc.moveDown(0.8);
    this.rule();
    doc.moveDown(0.6);
  }

  block(token: Token) {
    switch (token.type) {
      case 'space':
      case 'hr':
        return;
      case 'heading':
        return this.heading(token as Tokens.Heading);
      case 'paragraph':
        return this.paragraph(runsOf((token as Tokens.Paragraph).tokens));
      case 'list':
        return this.list(token as Tokens.List, 0);
      case 'blockquote':
        return this.blockquote(token as Tokens.Blockquote);
      default:
        if ('text' in token && typeof token.text === 'string') this.paragraph([{ text: token.text, bold: false, italic: false }]);
    }
  }

  private heading(token: Tokens.Heading) {
    const { doc } = this;
    const size = token.depth <= 2 ? 17 : 13.5;
    // A heading never sits alone at the foot of a page: it needs room for a few lines after it.
    this.ensureRoom(size * 1.4 + body.size * 4);
    doc.moveDown(token.depth <= 2 ? 0.9 : 0.5);
    doc.font(fonts.bold).fontSize(size).fillColor(token.depth <= 2 ? colours.brand : colours.text);
    doc.text(plainText(token.tokens), this.left, doc.y, { width: this.width, lineGap: 2 });
    doc.moveDown(0.35);
  }

  private paragraph(runs: Run[], x = this.left, width = this.width) {
    this.writeRuns(runs, x, width);
    this.doc.moveDown(0.55);
  }

  private list(token: Tokens.List, depth: number) {
    const { doc } = this;
    const x = this.left + depth * indent;
    const start = typeof token.start === 'number' ? token.start : 1;
    token.items.forEach((item, index) => {
      this.ensureRoom(body.size * 2.2);
      const y = doc.y;
      doc.font(fonts.regular).fontSize(body.size).fillColor(colours.text);
      if (item.task) {
        // Helvetica has no ballot-box glyph: draw the box to tick on paper.
        doc.save().lineWidth(0.9).strokeColor(colours.muted).rect(x + 1, y + 1.5, 9, 9).stroke().restore();
      } else if (token.ordered) {
        doc.text(`${start + index}.`, x, y, { width: indent, lineBreak: false });
      } else {
        doc.text('•', x + 3, y, { width: indent, lineBreak: false });
      }
      const blocks = item.tokens.filter((t) => t.type !== 'checkbox');
      let first = true;
      for (const child of blocks) {
        if (child.type === 'list') {
          this.list(child as Tokens.List, depth + 1);
          continue;
        }
        const runs = 'tokens' in child && child.tokens ? runsOf(child.tokens) : [{ text: 'text' in child ? String(child.text) : '', bold: false, italic: false }];
        this.writeRuns(runs, x + indent, this.width - depth * indent - indent, first ? y : undefined);
        first = false;
      }
      doc.moveDown(item.task ? 0.35 : 0.25);
    });
    doc.moveDown(0.45);
  }

  private blockquote(token: Tokens.Blockquote) {
    const { doc } = this;
    const runs = token.tokens.flatMap((t) => ('tokens' in t && t.tokens ? runsOf(t.tokens) : [])).map((run) => ({ ...run, italic: true }));
    const textWidth = this.width - 2 * indent;
    doc.font(fonts.italic).fontSize(body.size + 0.5);
    const height = doc.heightOfString(runs.map((r) => r.text).join(''), { width: textWidth, lineGap: body.lineGap }) + 16;
    this.ensureRoom(height + 10);
    doc.moveDown(0.3);
    const top = doc.y;
    doc.save().rect(this.left, top, this.width, height).fill(colours.quoteBg).restore();
    doc.save().rect(this.left, top, 3.5, height).fill(colours.brand).restore();
    doc.y = top + 8;
    this.writeRuns(runs, this.left + indent, textWidth, top + 8, body.size + 0.5);
    doc.y = top + height;
    doc.moveDown(0.8);
  }

  /** Writes a paragraph of mixed bold / italic runs as one flowing text block. */
  private writeRuns(runs: Run[], x: number, width: number, y?: number, size: number = body.size) {
    const { doc } = this;
    const parts = runs.filter((run) => run.text !== '');
    if (parts.length === 0) {
      doc.text('', x, y ?? doc.y);
      return;
    }
    parts.forEach((run, index) => {
      doc.font(run.bold ? (run.italic ? fonts.boldItalic : fonts.bold) : run.italic ? fonts.italic : fonts.regular);
      doc.fontSize(size).fillColor(colours.text);
      const options = { width, lineGap: body.lineGap, continued: index < parts.length - 1 };
      if (index === 0) doc.text(run.text, x, y ?? doc.y, options);
      else doc.text(run.text, options);
    });
  }

  private rule() {
    const { doc } = this;
    doc.save().moveTo(this.left, doc.y).lineTo(this.left + this.width, doc.y).lineWidth(0.8).strokeColor(colours.rule).stroke().restore();
  }

  private ensureRoom(height: number) {
    const { doc } = this;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  }

  /** Page numbers go on last, once the page count is known. */
  footers(siteName: string, title: string) {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would otherwise start a new page.
      doc.page.margins.bottom = 0;
      const y = doc.page.height - margin;
      doc.save().moveTo(this.left, y - 8).lineTo(this.left + this.width, y - 8).lineWidth(0.5).strokeColor(colours.rule).stroke().restore();
      doc.font(fonts.regular).fontSize(9).fillColor(colours.muted);
      doc.text(`${siteName} · ${title}`, this.left, y, { width: this.width * 0.7, lineBreak: false });
      doc.text(`Page ${i - range.start + 1} of ${range.count}`, this.left, y, { width: this.width, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** Flattens inline tokens into styled runs (bold, italic, both); links and code keep their text. */
function runsOf(tokens: Token[] | undefined, style: { bold: boolean; italic: boolean } = { bold: false, italic: false }): Run[] {
  if (!tokens) return [];
  return tokens.flatMap((token): Run[] => {
    if (token.type === 'strong') return runsOf((token as Tokens.Strong).tokens, { ...style, bold: true });
    if (token.type === 'em') return runsOf((token as Tokens.Em).tokens, { ...style, italic: true });
    if (token.type === 'br') return [{ text: '\n', ...style }];
    if ('tokens' in token && token.tokens && token.tokens.length > 0) return runsOf(token.tokens, style);
    // Soft line breaks inside a paragraph are spaces, as in the HTML page.
    return 'text' in token && typeof token.text === 'string' ? [{ text: token.text.replace(/\n/g, ' '), ...style }] : [];
  });
}

function plainText(tokens: Token[] | undefined): string {
  return runsOf(tokens).map((run) => run.text).join('');
}
