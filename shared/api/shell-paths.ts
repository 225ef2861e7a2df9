/**
 * The API paths the frame of every page calls (the site's settings, the signed-in person, the
 * page-view events), apart from the whole table (paths.ts, which spreads them in): the first
 * screen's script carries these three, not every path of the site and its admin.
 */
export const shellApiPaths = {
  config: '/api/config',
  events: '/api/events',
  user: '/api/user',
} as const;
