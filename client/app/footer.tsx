import { Link } from '../components/link';
import { site } from '#shared/site';
import { useToday } from '../lib/dates';
import { DEFAULT_SITE_TIMEZONE, siteYear } from '#shared/site-year';
import { useSiteConfig } from '../features/site/use-site-config';

const columns = [
  {
    heading: 'Learn',
    links: [
      { to: '/start-here', label: 'Start Here' },
      { to: '/field-guides', label: 'Field Guides' },
      { to: '/five-pillars', label: 'The Five Pillars' },
      { to: '/resources', label: 'Resources' },
      { to: '/checkup', label: 'The Check-Up' },
    ],
  },
  {
    heading: 'Community',
    links: [
      { to: '/weekly-dish', label: 'The Weekly Dish' },
      { to: '/premium', label: 'Premium' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/allies/submit', label: 'Become an Ally' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
];

export function Footer() {
  // On the site's clock on both sides, so the server's and the browser's years agree; the year
  // alone, not the site's whole calendar, which the first screen's script would then carry.
  const year = siteYear(useToday(), useSiteConfig()?.timeZone ?? DEFAULT_SITE_TIMEZONE);
  return (
    <footer id="site-footer" tabIndex={-1} className="mt-16 border-t border-stone-200 bg-white outline-none">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="font-serif text-lg font-bold text-brand-800">{site.name}</p>
          <p className="mt-2 text-sm text-stone-600">{site.tagline}.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-700">{column.heading}</h2>
            <ul className="mt-3 grid gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-stone-700 hover:text-brand-700 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-stone-100 py-4 text-center text-xs text-stone-600">
        © {year} {site.name}. Made for the people who keep nonprofits running.
      </p>
    </footer>
  );
}
