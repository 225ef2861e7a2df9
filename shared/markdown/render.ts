import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../text';

/**
 * The one Markdown pipeline (ARCHITECTURE.md, wave 3): the web page, the email's HTML and text
 * parts and the editor's preview all come from here, so what is made inert is made inert once.
 * Raw HTML in the Markdown is shown as text, never passed through; a link or image keeps its
 * address only when it is http(s), mailto or a path on this site (no javascript:, data:, vbscript:
 * or protocol-relative //host).
 */
export function safeUrl(href: string): string | null {
  const url = href.trim();
  // Control characters and whitespace inside a scheme ("java\tscript:") are how filters are fooled.
  if ([...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  if (url.startsWith('#')) return url;
  return /^(https?:\/\/[^/\\]|mailto:)/i.test(url) ? url : null;
}

/** An uploaded image (issue 24.3): a phone-sized WebP is stored beside it. */
const mediaImage = /^\/media\/([0-9a-f-]{36})\.(png|jpg|webp|gif)$/;

// Set for the length of one (synchronous) parse: site paths become absolute in an email.
let baseUrl = '';
const absolute = (url: string) => (baseUrl && url.startsWith('/') ? `${baseUrl}${url}` : url);

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (url === null) return inner;
      return `<a href="${escapeHtml(absolute(url))}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const url = safeUrl(href);
      if (url === null) return escapeHtml(text);
      const img = `<img src="${escapeHtml(absolute(url))}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" style="max-width:100%;height:auto">`;
      const media = mediaImage.exec(url);
      // On a page, screens up to 640 px wide get the 640 px WebP copy; an email keeps the one image.
      if (!media || baseUrl) return img;
      return `<picture><source media="(max-width: 640px)" srcset="/media/${media[1]}-640.webp" type="image/webp">${img}</picture>`;
    },
  },
});

/**
 * Markdown to HTML that is safe to put in a page, an email or a preview as it is. With
 * `siteUrl` (an email), links and images on this site get absolute addresses.
 */
export function markdownToHtml(source: string, options: { siteUrl?: string } = {}): string {
  baseUrl = options.siteUrl ?? '';
  try {
    return markdown.parse(source) as string;
  } finally {
    baseUrl = '';
  }
}

/**
 * The plain-text part of an email from the same Markdown: headings in capitals, links as
 * "text (address)", lists kept, emphasis marks removed.
 */
export function markdownToText(source: string, options: { siteUrl?: string } = {}): string {
  const site = options.siteUrl ?? '';
  const lines: string[] = [];
  const inline = (tokens: Tokens.Generic[] | undefined): string =>
    (tokens ?? [])
      .map((token) => {
        if (token.type === 'link') {
          const text = inline(token.tokens);
          const url = safeUrl(String(token.href));
          const shown = url && site && url.startsWith('/') ? `${site}${url}` : url;
          return shown && url !== text ? `${text} (${shown})` : text;
        }
        if (token.type === 'image') return String(token.text);
        if (token.type === 'br') return '\n';
        if (token.tokens) return inline(token.tokens);
        return String(token.text ?? token.raw ?? '');
      })
      .join('');
  const block = (token: Tokens.Generic, prefix = '') => {
    switch (token.type) {
      case 'heading':
        lines.push(inline(token.tokens).toUpperCase(), '');
        break;
      case 'paragraph':
      case 'text':
        lines.push(prefix + inline(token.tokens ?? [{ type: 'text', raw: token.text, text: token.text }]), '');
        break;
      case 'list':
        (token.items as Tokens.ListItem[]).forEach((item, index) => {
          const text = item.tokens.map((child) => (child.type === 'text' || child.type === 'paragraph' ? inline((child as Tokens.Text).tokens ?? [child]) : '')).join(' ');
          lines.push(`${prefix}${token.ordered ? `${Number(token.start || 1) + index}.` : '-'} ${text}`);
        });
        lines.push('');
        break;
      case 'blockquote':
        for (const child of token.tokens ?? []) block(child, `${prefix}> `);
        break;
      case 'code':
        lines.push(String(token.text), '');
        break;
      case 'hr':
        lines.push('----', '');
        break;
      case 'html':
        lines.push(String(token.text).trim(), '');
        break;
      case 'space':
        break;
      default:
        if (token.raw) lines.push(String(token.raw).trim(), '');
    }
  };
  for (const token of markdown.lexer(source)) block(token as Tokens.Generic);
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim() + '\n';
}
