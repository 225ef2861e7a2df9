/**
 * The settings the server shares with the browser: GET /api/config answers them, and every
 * server-rendered page carries them already (its page data), so the browser never asks for
 * them on a page load.
 */
export interface SiteConfig {
  contactEmail: string;
  demoMode: boolean;
  /** The site's public address (PUBLIC_URL, no trailing slash): canonical and social URLs. */
  publicUrl: string;
  /** The site's clock (SITE_TIMEZONE): the admin reads and enters every time in it. */
  timeZone: string;
  /** Which payment form /subscribe shows; the publishable key is public by design (docs/product.md §9). */
  billing: { provider: 'local' } | { provider: 'stripe'; publishableKey: string };
}
