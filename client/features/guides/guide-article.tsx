import { ArrowLeft, ClipboardCheck, Clock, Download } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import type { FieldGuideInfo } from '#shared/content/field-guides';
import { apiPath, apiPaths } from '#shared/api/paths';
import { PageLoading } from '../../components/page-loading';
import { Button, buttonClasses } from '../../components/ui/button';
import { track } from '../../lib/track';
import { PillarIcon } from '../../components/pillar-icon';
import { useGuideContent } from './use-guide-content';

const backLinkClass = 'inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/** An open field guide: its header, the guide itself, the PDF download and the way back. */
export function GuideArticle({ guide }: { guide: FieldGuideInfo }) {
  const content = useGuideContent(guide.slug, true);

  useEffect(() => {
    track('field_guide_view', { slug: guide.slug });
  }, [guide.slug]);

  // A link to a section (/field-guide/fuel#keep-the-donors-you-already-have, as the plan actions
  // have) opens the guide at that heading once its text is there. Followed inside the site, the
  // browser does not do it itself, and the layout puts a new page at its top first: so this waits
  // for the next frame, after the layout's effect.
  const { hash } = useLocation();
  const shown = Boolean(content.data);
  useEffect(() => {
    if (!shown || !hash) return;
    const frame = requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [shown, hash]);

  const backLink = (
    <Link to={guide.back.to} className={backLinkClass}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {guide.back.label}
    </Link>
  );

  return (
    <>
      <header className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-4xl px-4 pb-12 pt-6 sm:pb-14">
          {backLink}
          <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-brand-700">Field Guide · {guide.pillar}</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{guide.title}</h1>
          <p className="mt-4 text-lg text-stone-700">{guide.subtitle}</p>
          <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3 text-stone-700">
            <span className="inline-flex items-center gap-1.5">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {guide.readingTime}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <PillarIcon slug={guide.slug} className="h-4 w-4" />
              {guide.pillar}: {guide.about}
            </span>
          </div>
          <a
            href={apiPath(apiPaths.guideFile, { file: `${guide.slug}.pdf` })}
            download={`${guide.slug}-field-guide.pdf`}
            className={buttonClasses('primary', 'md', 'mt-6')}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download PDF Guide
          </a>
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 py-10">
        {content.data ? (
          <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: content.data.html }} />
        ) : content.data === null ? (
          <p role="status" className="max-w-xl text-stone-700">
            This guide is not published right now. Please come back soon.
          </p>
        ) : content.isError ? (
          <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <p>We could not load this guide. Check your connection and try again.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void content.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <PageLoading />
        )}

        <aside aria-labelledby="guide-next-heading" className="mt-12 max-w-3xl rounded-xl border border-brand-100 bg-brand-50 p-6">
          <h2 id="guide-next-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-stone-900">
            <ClipboardCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />
            Where does your organization stand?
          </h2>
          <p className="mt-2 text-stone-700">The free Check-Up grades all five pillars in about 10 minutes, so you know which guide to read next.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/checkup" className={buttonClasses('primary', 'sm')}>
              Take the Check-Up
            </Link>
            <Link to="/field-guides" className={buttonClasses('outline', 'sm')}>
              All five field guides
            </Link>
          </div>
        </aside>
        <div className="mt-8">{backLink}</div>
      </div>
    </>
  );
}
