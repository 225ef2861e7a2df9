/** The site's routes whose text is published content: the server renders them with it, and keeps them until it changes. */
const contentRoutesTable: Record<string, { section: 'field-guides' | 'pages' | 'legal'; slug: string }> = {
  '/start-here': { section: 'pages', slug: 'start-here' },
  '/five-pillars': { section: 'pages', slug: 'five-pillars' },
  '/privacy-policy': { section: 'legal', slug: 'privacy-policy' },
  '/terms-of-service': { section: 'legal', slug: 'terms-of-service' },
  '/cookie-policy': { section: 'legal', slug: 'cookie-policy' },
};

/** Which published page a path shows, if any. */
export function contentAt(pathname: string): { section: 'field-guides' | 'pages' | 'legal'; slug: string } | undefined {
  const guide = /^\/field-guide\/([a-z]+)$/.exec(pathname);
  if (guide) return { section: 'field-guides', slug: guide[1]! };
  return contentRoutesTable[pathname];
}
