import { ExternalLink, Presentation, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../components/link';
import { PageLoading } from '../components/page-loading';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { useWebinars } from '../features/webinars/use-webinars';
import { WebinarCard } from '../features/webinars/webinar-card';
import { errorText } from '../lib/api';
import { useSiteDates } from '../features/site/use-site-dates';

/**
 * /webinars: the monthly expert webinars. Premium members sign up in one click, join
 * through the room link from 15 minutes before, and search the recordings library; visitors and
 * free members see what is coming, with the way to the plans.
 */
export default function WebinarsPage() {
  const dates = useSiteDates();
  const [search, setSearch] = useState('');
  const webinars = useWebinars(search.trim());
  const data = webinars.data;
  return (
    <>
      <PageHeader eyebrow="Premium" title="Monthly expert webinars" wide>
        <p>One hour with a practitioner each month, live with questions, then recorded with the slides for the library.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl gap-10 px-4 py-10">
        {!data ? (
          webinars.isError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
              {errorText(webinars.error, 'The webinars could not be loaded. Please reload the page.')}
            </p>
          ) : (
            <PageLoading />
          )
        ) : (
          <>
            <section aria-labelledby="upcoming-heading" className="grid gap-4">
              <h2 id="upcoming-heading" className="font-serif text-2xl font-bold text-stone-900">
                Upcoming
              </h2>
              {data.upcoming.length === 0 ? (
                <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">
                  No webinar is scheduled right now. The next one is announced in The Weekly Dish.
                </p>
              ) : (
                <ul className="grid gap-4">
                  {data.upcoming.map((webinar) => (
                    <WebinarCard key={webinar.id} webinar={webinar} premium={data.premium} />
                  ))}
                </ul>
              )}
              <p className="text-sm text-stone-600">Times are in {dates.zoneName}.</p>
            </section>
            <section id="recordings" aria-labelledby="recordings-heading" className="grid scroll-mt-24 gap-4">
              <h2 id="recordings-heading" className="flex items-center gap-2 font-serif text-2xl font-bold text-stone-900">
                <Presentation className="h-6 w-6 text-brand-700" aria-hidden="true" />
                Recordings
              </h2>
              {!data.premium ? (
                <div className="rounded-xl border border-accent-600/40 bg-accent-100/50 p-6">
                  <p className="text-stone-800">Every webinar is recorded, with its slides and a summary. The library is part of premium membership.</p>
                  <Link to="/pricing" className={buttonClasses('accent', 'md', 'mt-4')}>
                    See pricing
                  </Link>
                </div>
              ) : (
                <>
                  <div className="relative max-w-md">
                    <label htmlFor="recording-search" className="sr-only">
                      Search the recordings
                    </label>
                    <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
                    <input
                      id="recording-search"
                      type="search"
                      value={search}
                      maxLength={200}
                      placeholder="Search the recordings"
                      onChange={(event) => setSearch(event.target.value)}
                      className="h-10 w-full rounded-md border border-stone-300 bg-white pl-9 pr-3"
                    />
                  </div>
                  <p role="status" aria-live="polite" className="text-sm text-stone-700">
                    {data.recordings.length === 1 ? '1 recording' : `${data.recordings.length} recordings`}
                    {search.trim() && ` for “${search.trim()}”`}
                  </p>
                  {data.recordings.length === 0 ? (
                    <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">
                      {search.trim() ? 'No recording matches that search.' : 'No recordings yet: the first one appears after the first webinar.'}
                    </p>
                  ) : (
                    <ul className="grid gap-4">
                      {data.recordings.map((recording) => (
                        <li
                          key={recording.id}
                          aria-labelledby={`recording-${recording.id}`}
                          className="grid gap-2 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
                        >
                          <h3 id={`recording-${recording.id}`} className="font-serif text-lg font-semibold text-stone-900">
                            {recording.title}
                          </h3>
                          <p className="text-sm text-stone-600">
                            Recorded <time dateTime={recording.startsAt}>{dates.long(recording.startsAt)}</time>
                          </p>
                          {recording.summaryHtml && (
                            <div className="prose-content text-stone-800" dangerouslySetInnerHTML={{ __html: recording.summaryHtml }} />
                          )}
                          <div className="flex flex-wrap gap-3">
                            <a href={recording.recordingUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'sm')}>
                              Watch the recording <ExternalLink className="h-4 w-4" aria-hidden="true" />
                              <span className="sr-only">(opens in a new tab)</span>
                            </a>
                            {recording.slidesUrl && (
                              <a href={recording.slidesUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
                                Slides <ExternalLink className="h-4 w-4" aria-hidden="true" />
                                <span className="sr-only">(opens in a new tab)</span>
                              </a>
                            )}
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}
