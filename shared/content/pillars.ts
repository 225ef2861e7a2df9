/**
 * The five pillars every page is organised around, in the spec's order, with the descriptions
 * of docs/product.md §3 ("Category descriptions"), word for word.
 */
export const pillars = [
  { slug: 'impact', name: 'Impact', about: 'mission-driven tools and services' },
  { slug: 'humans', name: 'Humans', about: 'people, culture, and team building' },
  { slug: 'fuel', name: 'Fuel', about: 'fundraising and financial sustainability' },
  { slug: 'gears', name: 'Gears', about: 'operations, systems, and technology' },
  { slug: 'future', name: 'Future', about: 'strategy, growth, and innovation' },
] as const;

export type PillarSlug = (typeof pillars)[number]['slug'];
export type PillarName = (typeof pillars)[number]['name'];

/** The names in order, as a non-empty tuple so a schema can take them as its choices. */
export const pillarNames = pillars.map((pillar) => pillar.name) as [PillarName, ...PillarName[]];
