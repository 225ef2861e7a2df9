import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldGuides, findFieldGuide } from './field-guides';
import { splitFrontMatter } from './front-matter';

describe('field guides', () => {
  it.each(fieldGuides.map((guide) => [guide.slug, guide] as const))('%s repeats its Markdown front matter exactly', (slug, guide) => {
    const { meta } = splitFrontMatter(readFileSync(new URL(`../../content/field-guides/${slug}.md`, import.meta.url), 'utf8'));
    expect({ title: guide.title, subtitle: guide.subtitle, readingTime: guide.readingTime }).toEqual({
      title: meta.title,
      subtitle: meta.subtitle,
      readingTime: meta.readingTime,
    });
  });

  it('gates Gears and Humans only, and sends Fuel and Impact back to Start Here (docs/product.md §2)', () => {
    expect(fieldGuides.filter((g) => g.requiresFreeAccess).map((g) => g.slug)).toEqual(['humans', 'gears']);
    expect(Object.fromEntries(fieldGuides.map((g) => [g.slug, g.back.to]))).toEqual({
      impact: '/start-here',
      humans: '/resources',
      fuel: '/start-here',
      gears: '/resources',
      future: '/resources',
    });
  });

  it('finds a guide by slug and nothing for anything else', () => {
    expect(findFieldGuide('gears')?.pillar).toBe('Gears');
    expect(findFieldGuide('toString')).toBeUndefined();
    expect(findFieldGuide('')).toBeUndefined();
  });
});
