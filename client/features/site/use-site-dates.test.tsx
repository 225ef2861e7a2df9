import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '#shared/site-config';
import { useToday } from '../../lib/dates';
import { RenderFactsProvider } from '../../lib/render-facts';
import { SiteConfigProvider } from './use-site-config';
import { useSiteDates } from './use-site-dates';

const config = (timeZone: string): SiteConfig => ({
  contactEmail: '',
  demoMode: false,
  publicUrl: 'https://hub.example.org',
  timeZone,
  billing: { provider: 'local' },
});

/** What a page writes for "today" and for an instant, as the server renders it. */
function Probe({ instant }: { instant: string }) {
  const dates = useSiteDates();
  return <p>{`${dates.long(useToday())} | ${dates.long(instant)} | ${dates.dateTime(instant)}`}</p>;
}
const draw = (timeZone: string | null, renderedAt: string, instant: string) =>
  renderToString(
    <RenderFactsProvider value={{ userPending: false, renderedAt }}>
      {timeZone ? (
        <SiteConfigProvider value={config(timeZone)}>
          <Probe instant={instant} />
        </SiteConfigProvider>
      ) : (
        <Probe instant={instant} />
      )}
    </RenderFactsProvider>,
  ).replace(/<\/?p>/g, '');

afterEach(() => vi.useRealTimers());

describe('useSiteDates', () => {
  it("writes dates on the site's clock from the site config, whatever zone the machine is in", () => {
    // Frozen at 11:06 PM on Saturday 28 November 2026 in New York: Sunday the 29th in UTC.
    vi.useFakeTimers({ now: new Date('2026-11-29T04:06:00.000Z'), toFake: ['Date'] });
    const now = new Date().toISOString();
    expect(draw('America/New_York', now, now)).toBe('November 28, 2026 | November 28, 2026 | Sat, Nov 28, 2026, 11:06 PM EST');
    expect(draw('Europe/London', now, now)).toBe('November 29, 2026 | November 29, 2026 | Sun, Nov 29, 2026, 4:06 AM GMT');
  });

  it('uses the default site zone when a render has no site config', () => {
    expect(draw(null, '2026-11-29T04:06:00.000Z', '2026-11-29T04:06:00.000Z')).toBe('November 28, 2026 | November 28, 2026 | Sat, Nov 28, 2026, 11:06 PM EST');
  });
});
