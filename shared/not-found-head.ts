/**
 * The head of an address the site does not have. Apart from route-heads.ts (every route's title),
 * which the 404 page, shown within other pages' own chunks, has no use for.
 */
export const notFoundMeta = {
  title: 'Oops! Page Not Found',
  description: 'This page does not exist. Go home or go back.',
} as const;
