import type { AdminWebinar } from '#shared/webinars/webinars';

/**
 * The admin's list: what is coming, soonest first (the next one on top), then what was held or
 * cancelled, latest first.
 */
export function inListOrder<W extends Pick<AdminWebinar, 'startsAt' | 'status'>>(webinars: readonly W[], now: number): W[] {
  const at = (webinar: W) => new Date(webinar.startsAt).getTime();
  const upcoming = webinars.filter((webinar) => webinar.status !== 'cancelled' && at(webinar) > now).sort((a, b) => at(a) - at(b));
  const rest = webinars.filter((webinar) => !upcoming.includes(webinar)).sort((a, b) => at(b) - at(a));
  return [...upcoming, ...rest];
}
