import { CONTACT_EMAIL_PLACEHOLDER } from '#shared/content/prices-in-text';
import { PageHeader } from '../../components/page-header';
import { useToday } from '../../lib/dates';
import { PublishedContent } from '../content/use-published';
import { useSiteConfig } from './use-site-config';
import { useSiteDates } from './use-site-dates';

/**
 * A legal page as published in /admin → Content (its prices filled in when it was published),
 * with the contact address from the server's CONTACT_EMAIL setting.
 */
export function LegalPage({ slug }: { slug: 'privacy-policy' | 'terms-of-service' | 'cookie-policy' }) {
  const config = useSiteConfig();
  // Today's date, as the spec asks each legal page to show it.
  const today = useSiteDates().long(useToday());
  const email = config?.contactEmail ?? '';
  return (
    <PublishedContent section="legal" slug={slug}>
      {(page) => (
        <>
          <PageHeader title={page.title}>
            <p className="text-base">Last updated: {today}</p>
          </PageHeader>
          <article
            className="prose-content mx-auto max-w-3xl px-4 py-10"
            dangerouslySetInnerHTML={{
              __html: page.html.replaceAll(CONTACT_EMAIL_PLACEHOLDER, email ? `<a href="mailto:${email}">${email}</a>` : 'our contact address'),
            }}
          />
        </>
      )}
    </PublishedContent>
  );
}
