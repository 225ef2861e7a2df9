import { instantToSiteLocal, siteClock, siteDateTime, siteDay, siteLocalToInstant } from '#shared/site-time';
import { useSiteConfig } from '../site/use-site-config';

/**
 * Times in the admin, in the site's zone (SITE_TIMEZONE, from the site config) and naming it:
 * "Tue, Dec 1, 2026, 7:00 AM EST" for the admin in New York and in Berlin alike. The inputs
 * (`datetime-local`) are on the same clock.
 */
export function useAdminTime() {
  const timeZone = useSiteConfig()!.timeZone;
  return {
    timeZone,
    dateTime: (iso: string) => siteDateTime(new Date(iso), timeZone),
    day: (iso: string) => siteDay(new Date(iso), timeZone),
    clock: (iso: string) => siteClock(new Date(iso), timeZone),
    /** An instant as a `datetime-local` value on the site's clock. */
    toInput: (iso: string) => instantToSiteLocal(new Date(iso), timeZone),
    /** A `datetime-local` value on the site's clock as an instant. */
    fromInput: (local: string) => siteLocalToInstant(local, timeZone),
  };
}

export type AdminTime = ReturnType<typeof useAdminTime>;
