import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allyCategories } from '#shared/allies/schemas';
import { questions, pillars as checkupPillars } from '#shared/checkup/questions';
import { splitFrontMatter } from '#shared/content/front-matter';
import { contentDraftSchema, contentSlugSchema, sectionFieldErrors } from '#shared/content/pages';
import { pillars } from '#shared/content/pillars';
import { matchRoute } from '#shared/routes';
import resources from '../../../content/resources.json';
import { contentDir } from '../../dirs';
import { type ActionFileItem, parseActionFile, readActionFiles } from './action-files';
import { renderContentHtml } from './content-html';

let actions: ActionFileItem[];
/** Each guide's heading anchors, as the site renders the guide. */
const guideAnchors = new Map<string, Set<string>>();

beforeAll(async () => {
  actions = await readActionFiles();
  for (const pillar of pillars) {
    const { body } = splitFrontMatter(await readFile(join(contentDir, `field-guides/${pillar.slug}.md`), 'utf8'));
    guideAnchors.set(pillar.slug, new Set([...renderContentHtml('field-guides', pillar.slug, body).matchAll(/<h[1-6] id="([^"]+)"/g)].map((match) => match[1]!)));
  }
});

/** Why an internal link would not lead where it says, or null. */
async function brokenLink(href: string): Promise<string | null> {
  if (/^https:\/\//.test(href)) return null;
  const url = new URL(href, 'https://hub.example.org');
  if (!matchRoute(url.pathname)) return `${url.pathname} is not a route of shared/routes.ts`;
  const hash = url.hash.slice(1);
  const query = [...url.searchParams.keys()];
  const guide = /^\/field-guide\/([a-z]+)$/.exec(url.pathname)?.[1];
  if (guide) return !hash || guideAnchors.get(guide)?.has(hash) ? (query.length ? 'a guide takes no query' : null) : `#${hash} is no heading of the ${guide} guide`;
  if (url.pathname === '/resources') {
    const id = url.searchParams.get('open');
    return query.join() === 'open' && !hash && resources.some((resource) => resource.id === id) ? null : `no resource ${id}`;
  }
  if (url.pathname === '/allies') {
    const category = url.searchParams.get('category');
    return query.join() === 'category' && !hash && (allyCategories as readonly string[]).includes(category ?? '') ? null : `no Allies category ${category}`;
  }
  if (url.pathname === '/webinars') {
    if (query.length) return 'the webinars page takes no query';
    // The recordings are the page's section with this id.
    return !hash || (hash === 'recordings' && (await readFile(new URL('../../../client/pages/webinars.tsx', import.meta.url), 'utf8')).includes('id="recordings"')) ? null : `no #${hash} on /webinars`;
  }
  return query.length || hash ? `${href}: only guides, resources, Allies and webinars links are checked` : null;
}

describe('the starter library of actions (content/actions/)', () => {
  it('gives every pillar 3-6 actions of its own and every statement 3-6', () => {
    for (const pillar of checkupPillars) {
      const name = pillar[0] + pillar.slice(1).toLowerCase();
      expect(actions.filter((action) => action.fields.pillar === name && action.fields.statement === undefined).length, pillar).toBeGreaterThanOrEqual(3);
      expect(actions.filter((action) => action.fields.pillar === name && action.fields.statement === undefined).length, pillar).toBeLessThanOrEqual(6);
    }
    for (const question of questions) {
      const answering = actions.filter((action) => action.fields.statement === question.id);
      expect(answering.length, `statement ${question.id}`).toBeGreaterThanOrEqual(3);
      expect(answering.length, `statement ${question.id}`).toBeLessThanOrEqual(6);
    }
  });

  it("is what the editor would accept: each statement of its action's pillar, a web address, a why, a how, 1-4 links", () => {
    for (const action of actions) {
      expect(sectionFieldErrors('actions', action.fields), action.slug).toEqual({});
      expect(contentDraftSchema.safeParse({ title: action.title, summary: action.why, body: action.body, fields: action.fields }).error, action.slug).toBeUndefined();
      expect(contentSlugSchema.safeParse(action.slug).success, action.slug).toBe(true);
      expect(action.why.trim(), action.slug).not.toBe('');
      expect(action.body.trim(), action.slug).not.toBe('');
      expect(action.fields.links!.length, action.slug).toBeGreaterThanOrEqual(1);
      expect(action.fields.links!.length, action.slug).toBeLessThanOrEqual(4);
      // Prices come from the price list, never typed into content.
      expect(`${action.title} ${action.why} ${action.body}`, action.slug).not.toMatch(/\$\s?\d/);
    }
  });

  it('has unique web addresses and titles', () => {
    expect(new Set(actions.map((action) => action.slug)).size).toBe(actions.length);
    expect(new Set(actions.map((action) => action.title.toLowerCase())).size).toBe(actions.length);
  });

  it('links only where the site has something: a guide heading, a resource, an Allies category, the recordings', async () => {
    const broken: string[] = [];
    for (const action of actions) {
      for (const link of action.fields.links ?? []) {
        const problem = await brokenLink(link.href);
        if (problem) broken.push(`${action.slug}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
    // The check itself catches what it is for.
    expect(await brokenLink('/field-guide/fuel#no-such-heading')).toMatch(/no heading/);
    expect(await brokenLink('/resources?open=no-such-resource')).toMatch(/no resource/);
    expect(await brokenLink('/allies?category=Money')).toMatch(/no Allies category/);
    expect(await brokenLink('/field-guide/money')).toMatch(/not a route/);
  });
});

describe("an action file's format", () => {
  it('reads blocks of keys, links and a body, and names a block that misses its why', () => {
    const source = '---\nslug: a\ntitle: Do a\nwhy: Because.\nstatement: 9\nlink: [Guide](/field-guide/fuel)\n---\nHow.\n\n---\nslug: b\ntitle: Do b\n---\nHow.\n';
    expect(() => parseActionFile(source, 'Fuel', 'fuel.md')).toThrow('fuel.md: action 2 needs a slug, a title and a why');
    expect(parseActionFile(source.split('\n---\nslug: b')[0]!, 'Fuel', 'fuel.md')).toEqual([
      { slug: 'a', title: 'Do a', why: 'Because.', body: 'How.', fields: { pillar: 'Fuel', statement: 9, links: [{ label: 'Guide', href: '/field-guide/fuel' }] } },
    ]);
  });
});
