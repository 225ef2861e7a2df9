import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Parser, Env as ParserEnv, StateCore, Token } from 'markdown-it';
import { escapeHtml } from '../text';

export type { Token } from 'markdown-it';

/**
 * The one Markdown pipeline (decision 031): web pages, resources, the email's HTML and
 * text parts, the guide PDFs and the editors' previews all come from here, so what is made inert
 * is made inert once. Raw HTML in the Markdown is shown as text, never passed through; a link or
 * image keeps its address only when it is http(s), mailto or a path on this site (no javascript:,
 * data:, vbscript: or protocol-relative //host).
 *
 * Bounded (decision 031): markdown-it walks nested blocks without recursion past MAX_NESTING
 * levels and stays linear on hostile input (bench/markdown.mjs: every pathological input at the
 * largest allowed body renders in well under 0.5 s), so no text anyone can save crashes a render
 * or stalls the server. What it would cut short (blocks nested deeper than that) is refused when
 * saved: see `markdownProblem`.
 */
export const MAX_NESTING = 20;

export function safeUrl(href: string): string | null {
  const url = href.trim();
  // Control characters and whitespace inside a scheme ("java\tscript:") are how filters are fooled.
  if ([...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  if (url.startsWith('#')) return url;
  return /^(https?:\/\/[^/\\]|mailto:)/i.test(url) ? url : null;
}

/** A `{{NAME}}` stand-in the premium pages fill with a setting's link when they are served. */
const placeholder = /^\{\{[A-Z_]+\}\}$/;

/** An uploaded image: a phone-sized WebP is stored beside it. */
const mediaImage = /^\/media\/([0-9a-f-]{36})\.(png|jpg|webp|gif)$/;

export interface RenderOptions {
  /** For an email: links and images on this site get absolute addresses, images no phone copy. */
  siteUrl?: string;
  /** Task items' checkbox ids start with this, unique on the page (the item's address). */
  idPrefix?: string;
  /**
   * For the resources' worksheets: a line break inside a paragraph is kept ("**Owner:** …" and
   * "**Backup:** …" stay on their own lines).
   */
  breaks?: boolean;
  /** Keep `{{NAME}}` link addresses for the server to fill in. */
  placeholders?: boolean;
  /** For a page of its own (a field guide): each heading gets an id from its words, so a link can open the page at it. */
  headingIds?: boolean;
  /**
   * For an edition's email (decision 045): the address each http(s) link gets instead of its own,
   * once it is made absolute (the counted redirect). mailto: and #anchors keep theirs.
   */
  linkAddress?: (url: string) => string;
}

interface Env extends ParserEnv {
  siteUrl?: string;
  idPrefix?: string;
  placeholders?: boolean;
  headingIds?: boolean;
  linkAddress?: (url: string) => string;
  checkboxes?: number;
}

function allowed(href: string, env: Env): string | null {
  // The parser percent-encodes the braces of an address.
  const unencoded = href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  return env.placeholders && placeholder.test(unencoded) ? unencoded : safeUrl(href);
}
const attr = (token: Token, name: string) => String(token.attrGet(name) ?? '');
const absolute = (url: string, env: Env) => (env.siteUrl && url.startsWith('/') ? `${env.siteUrl}${url}` : url);
const redirected = (url: string, env: Env) => (env.linkAddress && /^https?:/i.test(url) ? env.linkAddress(url) : url);

/**
 * Links and images whose address is not allowed lose it: the link keeps its text, the image its
 * alt text. Done on tokens, once, so the HTML, the text part and the PDF agree.
 */
function neutraliseAddresses(state: StateCore) {
  const env = state.env as Env;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const dropped: boolean[] = [];
    for (const token of block.children) {
      if (token.type === 'link_open') {
        const href = allowed(attr(token, 'href'), env);
        dropped.push(href === null);
        if (href === null) Object.assign(token, { type: 'text', tag: '', content: '', attrs: null, nesting: 0 });
        else token.attrSet('href', redirected(absolute(href, env), env));
      } else if (token.type === 'link_close') {
        if (dropped.pop()) Object.assign(token, { type: 'text', tag: '', content: '', nesting: 0 });
      } else if (token.type === 'image') {
        const src = allowed(attr(token, 'src'), env);
        if (src === null) Object.assign(token, { type: 'text', tag: '', content: token.content, attrs: null, children: null });
        else token.attrSet('src', absolute(src, env));
      }
    }
  }
}

/**
 * GitHub's task lists (`- [ ] Name an owner`): the item is marked (meta.task, for the text part and
 * the PDF, which draws a box to tick by hand) and its marker becomes, on a page, a real labelled
 * checkbox readers can tick on screen (nothing is saved; the .prose-content styles drop the
 * bullet of such an item), and in an email a box character.
 */
function markTaskItems(state: StateCore) {
  const env = state.env as Env;
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const children = inline.children ?? [];
    const first = children[0];
    const marker = first?.type === 'text' ? /^\[([ xX])\](?: |$)/.exec(first.content) : null;
    if (!first || !marker) continue;
    const checked = marker[1] !== ' ';
    first.content = first.content.slice(marker[0].length);
    const item = tokens[i - 2]!;
    item.meta = { ...item.meta, task: { checked } };
    const html = (content: string) => Object.assign(new state.Token('html_inline', '', 0), { content });
    if (env.siteUrl) {
      item.attrSet('style', 'list-style:none');
      children.unshift(html(checked ? '&#9745; ' : '&#9744; '));
      continue;
    }
    env.checkboxes = (env.checkboxes ?? 0) + 1;
    const id = `${escapeHtml(env.idPrefix ?? 'md')}-check-${env.checkboxes}`;
    item.attrSet('class', 'flex items-start');
    children.unshift(html(`<input type="checkbox" id="${id}" class="mt-1.5 h-4 w-4 shrink-0"${checked ? ' checked' : ''}><label for="${id}">`));
    children.push(html('</label>'));
  }
}

/**
 * A heading's anchor: its words in lower case joined by dashes, accents and punctuation dropped
 * ("Build cash reserves you can actually measure" → build-cash-reserves-you-can-actually-measure),
 * so a link written by hand from the heading's text finds it.
 */
export function headingAnchor(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Ids for the headings of a page (`headingIds`); a second heading with the same words gets "-2", and so on. */
function anchorHeadings(state: StateCore) {
  if (!(state.env as Env).headingIds) return;
  const used = new Map<string, number>();
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const words = (state.tokens[index + 1]?.children ?? []).map((child) => (child.type === 'html_inline' ? '' : child.content)).join('');
    const anchor = headingAnchor(words) || 'section';
    const seen = (used.get(anchor) ?? 0) + 1;
    used.set(anchor, seen);
    token.attrSet('id', seen === 1 ? anchor : `${anchor}-${seen}`);
  });
}

function createParser(breaks: boolean): Parser {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks, maxNesting: MAX_NESTING });
  // Addresses are judged by safeUrl after parsing (neutraliseAddresses), with one rule for all.
  md.validateLink = () => true;
  md.core.ruler.push('neutralise_addresses', neutraliseAddresses);
  md.core.ruler.push('task_items', markTaskItems);
  md.core.ruler.push('heading_ids', anchorHeadings);

  const rules = md.renderer.rules;
  rules.image = (tokens, index, _options, env = {}) => {
    const token = tokens[index]!;
    const src = attr(token, 'src');
    const title = attr(token, 'title');
    const alt = token.children ? md.renderer.renderInlineAsText(token.children, md.options, env) : token.content;
    const img = `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" style="max-width:100%;height:auto">`;
    const media = mediaImage.exec(src);
    // On a page, screens up to 640 px wide get the 640 px WebP copy; an email keeps the one image.
    if (!media || env.siteUrl) return img;
    return `<picture><source media="(max-width: 640px)" srcset="/media/${media[1]}-640.webp" type="image/webp">${img}</picture>`;
  };
  return md;
}

const pages = createParser(false);
const worksheets = createParser(true);

const envOf = (options: RenderOptions): Env => ({
  siteUrl: options.siteUrl,
  idPrefix: options.idPrefix,
  placeholders: options.placeholders,
  headingIds: options.headingIds,
  linkAddress: options.linkAddress,
});

/** The tokens the HTML is made from, for the other outputs (the guide PDF, the text part). */
export function markdownTokens(source: string, options: RenderOptions = {}): Token[] {
  return (options.breaks ? worksheets : pages).parse(source, envOf(options));
}

/** Markdown to HTML that is safe to put in a page, an email or a preview as it is. Never throws on any text. */
export function markdownToHtml(source: string, options: RenderOptions = {}): string {
  return (options.breaks ? worksheets : pages).render(source, envOf(options));
}

/**
 * Why this text cannot be shown as written, or null: blocks (quotes, lists) nested so deep that
 * the renderer would stop short of their content. Saving such a text is refused with this
 * message, under the field's name.
 */
export function markdownProblem(source: string, label: string): string | null {
  const deepest = pages.parse(source, {}).reduce((max: number, token: Token) => Math.max(max, token.level), 0);
  return deepest >= MAX_NESTING - 1 ? `${label} nests quotes or lists too deeply to show: use at most 8 levels` : null;
}

/**
 * The plain-text part of an email from the same Markdown: headings in capitals, links as
 * "text (address)", lists kept, emphasis marks removed.
 */
export function markdownToText(source: string, options: Pick<RenderOptions, 'siteUrl' | 'linkAddress'> = {}): string {
  const tokens = markdownTokens(source, { siteUrl: options.siteUrl, linkAddress: options.linkAddress });
  const lines: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let quote = 0;
  let heading = false;
  let item: string | null = null;
  let row: string[] | null = null;
  const prefix = () => '> '.repeat(quote);

  const inline = (children: Token[]): string => {
    let text = '';
    const links: (string | null)[] = [];
    let linkText = '';
    for (const child of children) {
      switch (child.type) {
        case 'link_open':
          links.push(attr(child, 'href'));
          linkText = '';
          break;
        case 'link_close': {
          const href = links.pop();
          if (href && href !== linkText) text += ` (${href})`;
          break;
        }
        case 'softbreak':
          text += ' ';
          linkText += ' ';
          break;
        case 'hardbreak':
          text += '\n';
          break;
        case 'html_inline':
          // Only the task items' checkboxes: the text part writes "[ ]" itself.
          break;
        case 'image':
          text += child.content;
          linkText += child.content;
          break;
        default:
          text += child.content;
          linkText += child.content;
      }
    }
    return text;
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open':
        heading = true;
        break;
      case 'heading_close':
        heading = false;
        lines.push('');
        break;
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
        quote--;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', next: Number(attr(token, 'start') || 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) lines.push('');
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1]!;
        const task = (token.meta as { task?: { checked: boolean } } | null)?.task;
        const marker = list.ordered ? `${list.next++}.` : '-';
        item = `${prefix()}${'  '.repeat(lists.length - 1)}${marker} ${task ? (task.checked ? '[x] ' : '[ ] ') : ''}`;
        break;
      }
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        lines.push(prefix() + row!.join(' | '));
        row = null;
        break;
      case 'table_close':
        lines.push('');
        break;
      case 'inline': {
        const text = inline(token.children ?? []);
        if (row) row.push(text);
        else if (heading) lines.push(prefix() + text.toUpperCase());
        else if (item !== null) {
          lines.push(item + text);
          item = null;
        } else lines.push(prefix() + text, ...(lists.length ? [] : ['']));
        break;
      }
      case 'fence':
      case 'code_block':
        lines.push(
          ...token.content
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => prefix() + line),
          '',
        );
        break;
      case 'hr':
        lines.push('----', '');
        break;
    }
  }
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
