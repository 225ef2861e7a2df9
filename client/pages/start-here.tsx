import { ArrowRight, ClipboardCheck } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { PublishedContent } from '../features/content/use-published';

/** /start-here (About): who we are and how to use the site, as published in /admin → Content. */
export default function StartHerePage() {
  const navigate = useNavigate();

  // Links inside the Markdown are plain anchors: follow the site's own ones without a full reload.
  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <PublishedContent section="pages" slug="start-here">
      {(page) => (
        <>
          <PageHeader eyebrow="About" title={page.title}>
            <p>{page.summary}</p>
          </PageHeader>
          <div className="mx-auto max-w-4xl px-4 py-10">
            {/* The click handler only upgrades real links (Enter on a link fires click too). */}
            <article className="prose-content max-w-3xl" onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: page.html }} />
            <div className="mt-10 flex max-w-3xl flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
              <p className="font-serif text-lg font-semibold text-stone-900">Ready when you are.</p>
              <div className="flex flex-wrap gap-3">
                <Link to="/checkup" className={buttonClasses('primary', 'md')}>
                  <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
                  Take the Check-Up
                </Link>
                <Link to="/field-guides" className={buttonClasses('outline', 'md')}>
                  Browse the field guides <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </div>
            </div>
          </div>
        </>
      )}
    </PublishedContent>
  );
}
