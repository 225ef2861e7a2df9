import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pillars } from '#shared/content/pillars';
import type { ContentFields } from '#shared/content/pages';
import { contentDir } from '../../dirs';

/** One action of content/actions/<pillar>.md, as the seed adds it to the 'actions' section. */
export interface ActionFileItem {
  slug: string;
  title: string;
  /** Why it matters: the item's summary. */
  why: string;
  /** How to do it, in Markdown: the item's body. */
  body: string;
  fields: ContentFields;
}

const linkLine = /^\[([^\]]+)\]\((\S+)\)$/;

/**
 * A pillar's file is a run of actions, each a block of `key: value` lines between two `---` lines
 * (slug, title, why, statement when it answers one Check-Up statement, and one `link:` line per
 * link written as a Markdown link), followed by its body in Markdown. A body cannot hold a `---`
 * line (it would start the next action), and a block missing its slug, title or why stops the seed
 * with the file and the block named, rather than publishing half an action.
 */
export function parseActionFile(source: string, pillar: NonNullable<ContentFields['pillar']>, file: string): ActionFileItem[] {
  const parts = source.split(/^---[ \t]*$/m);
  if (parts[0]!.trim() !== '') throw new Error(`${file}: text before the first ---`);
  const actions: ActionFileItem[] = [];
  for (let index = 1; index < parts.length; index += 2) {
    const meta: Record<string, string> = {};
    const links: { label: string; href: string }[] = [];
    for (const line of parts[index]!.split(/\r?\n/)) {
      if (!line.trim()) continue;
      const at = line.indexOf(':');
      if (at <= 0) throw new Error(`${file}: "${line}" is not a "key: value" line`);
      const key = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      if (key === 'link') {
        const link = linkLine.exec(value);
        if (!link) throw new Error(`${file}: a link is written [label](/path), not "${value}"`);
        links.push({ label: link[1]!, href: link[2]! });
      } else meta[key] = value;
    }
    const { slug, title, why, statement, ...unknown } = meta;
    if (!slug || !title || !why) throw new Error(`${file}: action ${actions.length + 1} needs a slug, a title and a why`);
    if (Object.keys(unknown).length) throw new Error(`${file}: ${slug} has unknown keys: ${Object.keys(unknown).join(', ')}`);
    const fields: ContentFields = { pillar, ...(statement ? { statement: Number(statement) } : {}), links };
    actions.push({ slug, title, why, body: (parts[index + 1] ?? '').trim(), fields });
  }
  return actions;
}

/** The starter library of actions: content/actions/<pillar slug>.md for each pillar, in the pillars' order. */
export async function readActionFiles(): Promise<ActionFileItem[]> {
  const actions: ActionFileItem[] = [];
  for (const pillar of pillars) {
    const file = `actions/${pillar.slug}.md`;
    actions.push(...parseActionFile(await readFile(join(contentDir, file), 'utf8'), pillar.name, `content/${file}`));
  }
  return actions;
}
