/**
 * A tiny Markdown-to-HTML renderer for the resources library's bodies, so no Markdown parser
 * ships to the browser. It knows only what those bodies use: paragraphs, `-` lists, `- [ ]`
 * checklists, `1.` lists, one level of nested list, and **bold**. Every piece of text is
 * HTML-escaped before any tag is added, so the output is safe to insert whatever the input.
 *
 * Unlike CommonMark, a line break inside a paragraph is kept: the bodies are worksheets where
 * "**Owner:** …" and "**Backup:** …" sit on consecutive lines and must stay on their own lines.
 */

type ListKind = 'ul' | 'ol' | 'tasks';

interface ListItem {
  lines: string[];
  children: List[];
}

interface List {
  kind: ListKind;
  items: ListItem[];
  /** The first number of an ordered list, kept when it is not 1. */
  start?: number;
}

type Block = { type: 'p'; lines: string[] } | { type: 'list'; list: List };

const itemPattern = /^( *)(?:(-)|(\d+)\.)(?: +(.*))?$/;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Escapes, then turns `**x**` into <strong>x</strong>. */
function inline(text: string): string {
  return escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
}

function parse(markdown: string): Block[] {
  const blocks: Block[] = [];
  // What the next line may continue: the open paragraph, or the open list and its last items.
  let paragraph: string[] | null = null;
  let list: List | null = null;
  let topItem: ListItem | null = null;
  let lastItem: ListItem | null = null;

  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      paragraph = list = topItem = lastItem = null;
      continue;
    }
    const item = itemPattern.exec(line);
    if (item) {
      let text = item[4] ?? '';
      const task = item[2] === '-' && /^\[[ xX]\](?: |$)/.test(text);
      if (task) text = text.slice(3).trimStart();
      const kind: ListKind = item[2] ? (task ? 'tasks' : 'ul') : 'ol';
      const entry: ListItem = { lines: [text], children: [] };
      if (item[1]!.length > 0 && topItem) {
        // An indented item belongs to a list inside the top-level item above it.
        const nested = topItem.children[topItem.children.length - 1];
        if (nested && nested.kind === kind) nested.items.push(entry);
        else topItem.children.push({ kind, items: [entry] });
      } else {
        if (!list || list.kind !== kind) {
          list = { kind, items: [], ...(item[3] && item[3] !== '1' ? { start: Number(item[3]) } : {}) };
          blocks.push({ type: 'list', list });
        }
        list.items.push(entry);
        topItem = entry;
      }
      paragraph = null;
      lastItem = entry;
    } else if (lastItem && line.startsWith(' ')) {
      // An indented line continues the list item above it.
      lastItem.lines.push(line.trim());
    } else {
      if (!paragraph) {
        paragraph = [];
        blocks.push({ type: 'p', lines: paragraph });
      }
      paragraph.push(line.trim());
      list = topItem = lastItem = null;
    }
  }
  return blocks;
}

function renderList(list: List, ids: () => string): string {
  const items = list.items.map((item) => {
    const text = item.lines.map(inline).join('<br>');
    const children = item.children.map((child) => renderList(child, ids)).join('');
    if (list.kind !== 'tasks') return `<li>${text}${children}</li>`;
    // A real, labelled checkbox: readers can tick items on screen (nothing is saved). The
    // .prose-content styles drop the bullet of an item that starts with a checkbox.
    const id = ids();
    return `<li class="flex items-start"><input type="checkbox" id="${id}" class="mt-1.5 h-4 w-4 shrink-0"><label for="${id}">${text}</label>${children}</li>`;
  });
  const tag = list.kind === 'ol' ? 'ol' : 'ul';
  return `<${tag}${list.start ? ` start="${list.start}"` : ''}>${items.join('')}</${tag}>`;
}

/** `idPrefix` keeps checkbox ids unique when several bodies are on one page. */
export function renderMarkdown(markdown: string, idPrefix = 'md'): string {
  let count = 0;
  const ids = () => `${escapeHtml(idPrefix)}-check-${++count}`;
  return parse(markdown)
    .map((block) => (block.type === 'p' ? `<p>${block.lines.map(inline).join('<br>')}</p>` : renderList(block.list, ids)))
    .join('\n');
}
