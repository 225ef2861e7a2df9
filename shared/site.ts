/** The product's name and the facts every page may quote (docs/product.md §9). */
export const site = {
  name: 'Nonprofit Leaders Hub',
  tagline: 'Resources, community and straight talk for nonprofit leaders',
  communityMembers: '500+',
  vettedAllies: '50+',
  fieldGuides: 5,
} as const;
