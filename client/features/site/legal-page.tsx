import { fillPrices } from '#shared/content/prices-in-text';
import { PageHeader } from '../../components/page-header';
import { useLongDate, useToday } from '../../lib/dates';
import { useSiteConfig } from './use-site-config';

/** A legal page from content/legal/, with the contact address from the server's CONTACT_EMAIL setting. */
export function LegalPage({ content }: { content: { meta: Record<string, string>; html: string } }) {
  const config = useSiteConfig();
  // Today's date, as the spec asks each legal page to show it.
  const today = useLongDate(useToday());
  const email = config?.contactEmail ?? '';
  const html = fillPrices(content.html).replaceAll('{{CONTACT_EMAIL}}', email ? `<a href="mailto:${email}">${email}</a>` : 'our contact address');
  return (
    <>
      <PageHeader title={content.meta.title ?? ''}>
        <p className="text-base">Last updated: {today}</p>
      </PageHeader>
      <article className="prose-content mx-auto max-w-3xl px-4 py-10" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
