import { useMemo } from 'react';
import { type SiteDates, siteDates } from '#shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '#shared/site-year';
import { useSiteConfig } from './use-site-config';

/**
 * The client's one way of writing a date for people: the formats of `siteDates`, on the site's
 * clock (SITE_TIMEZONE, from the site config every page carries). The server's render, the
 * hydrating browser and the browser after it all write the same day, whatever zone each is in.
 */
export function useSiteDates(): SiteDates {
  const timeZone = useSiteConfig()?.timeZone ?? DEFAULT_SITE_TIMEZONE;
  return useMemo(() => siteDates(timeZone), [timeZone]);
}
