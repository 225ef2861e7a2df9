import { splitFrontMatter } from '#shared/content/front-matter';
import { markdownTokens, type Token } from '#shared/markdown/render';

/**
 * Renders a field guide's Markdown (the same file the page is built from) as a printable PDF:
 * a title block, the guide's headings, paragraphs, lists, checklists with empty boxes to tick
 * by hand, blockquotes and tables (a row per line), with page numbers in the footer, from the
 * tokens of the site's one Markdown pipeline. Anything else falls back to its plain text, so
 * nothing is silently dropped.
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
  writer.write(markdownTokens(markdown));
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

  /**
   * Walks the flat token stream once: lists and quotes are a stack, never a recursion, so no
   * nesting can exhaust the stack. Text inside a quote is gathered and drawn as one shaded block.
   */
  write(tokens: Token[]) {
    const { doc } = this;
    const lists: { ordered: boolean; next: number }[] = [];
    let heading = 0;
    let item: { x: number; y: number; first: boolean } | null = null;
    let quote: Run[][] | null = null;
    let quoteDepth = 0;
    let row: string[] | null = null;
    for (const token of tokens) {
      switch (token.type) {
        case 'heading_open':
          heading = Number(token.tag.slice(1));
          break;
        case 'heading_close':
          heading = 0;
          break;
        case 'blockquote_open':
          if (quoteDepth++ === 0) quote = [];
          break;
        case 'blockquote_close':
          if (--quoteDepth === 0 && quote) {
            this.blockquote(quote);
            quote = null;
          }
          break;
        case 'bullet_list_open':
        case 'ordered_list_open':
          lists.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
          break;
        case 'bullet_list_close':
        case 'ordered_list_close':
          lists.pop();
          if (lists.length === 0) doc.moveDown(0.45);
          break;
        case 'list_item_open': {
          if (quote) break;
          const list = lists[lists.length - 1]!;
          const x = this.left + (lists.length - 1) * indent;
          this.ensureRoom(body.size * 2.2);
          const y = doc.y;
          doc.font(fonts.regular).fontSize(body.size).fillColor(colours.text);
          if ((token.meta as { task?: unknown } | null)?.task) {
            // Helvetica has no ballot-box glyph: draw the box to tick on paper.
            doc
              .save()
              .lineWidth(0.9)
              .strokeColor(colours.muted)
              .rect(x + 1, y + 1.5, 9, 9)
              .stroke()
              .restore();
          } else if (list.ordered) {
            doc.text(`${list.next}.`, x, y, { width: indent, lineBreak: false });
          } else {
            doc.text('•', x + 3, y, { width: indent, lineBreak: false });
          }
          list.next += 1;
          item = { x: x + indent, y, first: true };
          break;
        }
        case 'list_item_close':
          if (!quote) doc.moveDown(0.3);
          item = null;
          break;
        case 'tr_open':
          row = [];
          break;
        case 'tr_close':
          if (quote) quote.push([{ text: row!.join('  ·  '), bold: false, italic: false }]);
          else this.paragraph([{ text: row!.join('  ·  '), bold: false, italic: false }]);
          row = null;
          break;
        case 'inline': {
          const runs = runsOf(token.children ?? []);
          if (row) row.push(runs.map((run) => run.text).join(''));
          else if (quote) quote.push(runs);
          else if (heading) this.heading(heading, runs.map((run) => run.text).join(''));
          else if (item) {
            const width = this.width - (item.x - this.left);
            this.writeRuns(runs, item.x, width, item.first ? item.y : undefined);
            item.first = false;
          } else this.paragraph(runs);
          break;
        }
        case 'fence':
        case 'code_block':
          this.paragraph([{ text: token.content.replace(/\n$/, ''), bold: false, italic: false }]);
          break;
      }
    }
  }

  private heading(depth: number, text: string) {
    const { doc } = this;
    const size = depth <= 2 ? 17 : 13.5;
    // A heading never sits alone at the foot of a page: it needs room for a few lines after it.
    this.ensureRoom(size * 1.4 + body.size * 4);
    doc.moveDown(depth <= 2 ? 0.9 : 0.5);
    doc
      .font(fonts.bold)
      .fontSize(size)
      .fillColor(depth <= 2 ? colours.brand : colours.text);
    doc.text(text, this.left, doc.y, { width: this.width, lineGap: 2 });
    doc.moveDown(0.35);
  }

  private paragraph(runs: Run[], x = this.left, width = this.width) {
    this.writeRuns(runs, x, width);
    this.doc.moveDown(0.55);
  }

  private blockquote(paragraphs: Run[][]) {
    const { doc } = this;
    const runs = paragraphs
      .flatMap((runs, index) => [...(index > 0 ? [{ text: '\n', bold: false, italic: false }] : []), ...runs])
      .map((run) => ({ ...run, italic: true }));
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
    doc
      .save()
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(0.8)
      .strokeColor(colours.rule)
      .stroke()
      .restore();
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
      doc
        .save()
        .moveTo(this.left, y - 8)
        .lineTo(this.left + this.width, y - 8)
        .lineWidth(0.5)
        .strokeColor(colours.rule)
        .stroke()
        .restore();
      doc.font(fonts.regular).fontSize(9).fillColor(colours.muted);
      doc.text(`${siteName} · ${title}`, this.left, y, { width: this.width * 0.7, lineBreak: false });
      doc.text(`Page ${i - range.start + 1} of ${range.count}`, this.left, y, { width: this.width, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** Flattens a paragraph's inline tokens into styled runs (bold, italic, both); links and code keep their text. */
function runsOf(children: Token[]): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  for (const child of children) {
    switch (child.type) {
      case 'strong_open':
        bold++;
        break;
      case 'strong_close':
        bold--;
        break;
      case 'em_open':
        italic++;
        break;
      case 'em_close':
        italic--;
        break;
      case 'hardbreak':
        runs.push({ text: '\n', bold: bold > 0, italic: italic > 0 });
        break;
      // Soft line breaks inside a paragraph are spaces, as in the HTML page.
      case 'softbreak':
        runs.push({ text: ' ', bold: bold > 0, italic: italic > 0 });
        break;
      // Only the task items' checkboxes, which the PDF draws itself.
      case 'html_inline':
        break;
      default:
        if (child.content) runs.push({ text: child.content, bold: bold > 0, italic: italic > 0 });
    }
  }
  return runs;
}
