import { BookOpen, CalendarDays, Clock, Globe2, Lightbulb, Mail, Sparkles } from 'lucide-react';
import { Link } from '../components/link';
import { buttonClasses } from '../components/ui/button';
import { EditionDialog } from '../features/editions/edition-dialog';
import { editionPreview } from '../features/editions/edition-html';
import { calendarDate } from '#shared/site-time';
import type { PublicEditions } from '#shared/newsletter/editions';
import { PageLoading } from '../components/page-loading';
import { useEditions } from '../features/editions/api';

const features = [
  { title: 'Global Trends', text: 'The shifts in giving, policy and technology worth knowing about, explained for small teams.', Icon: Globe2 },
  { title: 'Org Spotlights', text: 'A small organization doing something smart, and the lesson you can borrow from it.', Icon: Sparkles },
  { title: 'Monthly Tips', text: 'One practical tip you can put to work before the week is out.', Icon: Lightbulb },
  { title: 'Weekly Delivery', text: 'In your inbox every Tuesday morning, about 5 minutes to read, and always free.', Icon: CalendarDays },
] as const;

/** /weekly-dish: the newsletter's marketing page (docs/product.md §2; /newsletter-info redirects here). */
export default function EditionsPage() {
  const editions = useEditions();
  if (!editions.data) return <PageLoading />;
  return <Editions {...editions.data} />;
}

function Editions({ latest, recent, archive }: PublicEditions) {
  const preview = latest ? editionPreview(latest.html) : null;
  return (
    <>
      <section className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm">
            <Mail className="h-4 w-4" aria-hidden="true" /> Free weekly newsletter
          </p>
          <h1 className="mt-4 font-serif text-4xl font-bold text-stone-900 sm:text-5xl">The Weekly Dish</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
            Trends, spotlights and one good tip for nonprofit leaders, delivered Tuesday mornings. About 5 minutes to read, and free.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/newsletter" className={buttonClasses('primary', 'lg')}>
              Subscribe Free
            </Link>
            {latest && (
              <EditionDialog
                edition={latest}
                trigger={
                  <button type="button" className={buttonClasses('outline', 'lg')}>
                    <BookOpen className="h-5 w-5" aria-hidden="true" />
                    View Sample Issue
                  </button>
                }
              />
            )}
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-5xl px-4 py-12">
        {latest && preview ? (
          <section aria-labelledby="sample-heading">
            <h2 id="sample-heading" className="font-serif text-2xl font-semibold text-stone-900">
              This week’s sample
            </h2>
            <article className="mt-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-brand-700">
                {latest.issueNumber && <span>Issue {latest.issueNumber}</span>}
                <time dateTime={latest.sentAt}>{calendarDate(latest.sentOn)}</time>
                <span className="inline-flex items-center gap-1">
                  <Clock className="h-4 w-4" aria-hidden="true" /> {latest.readingTime}
                </span>
              </p>
              <h3 className="mt-2 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">
                <Link to={`/weekly-dish/${latest.slug}`} className="hover:underline">
                  {latest.title}
                </Link>
              </h3>
              <p className="mt-3 text-lg text-stone-700">{latest.summary}</p>
              <div className="prose-content mt-4 border-l-4 border-brand-100 pl-4" dangerouslySetInnerHTML={{ __html: `<p>${preview.intro}</p>` }} />
              {preview.sections.length > 0 && (
                <>
                  <h4 className="mt-6 text-sm font-semibold uppercase tracking-wide text-stone-600">In this issue</h4>
                  <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                    {preview.sections.map((section) => (
                      <li key={section} className="flex items-center gap-2 text-stone-800">
                        <span className="h-1.5 w-1.5 rounded-full bg-accent-600" aria-hidden="true" />
                        <span dangerouslySetInnerHTML={{ __html: section }} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <EditionDialog
                edition={latest}
                trigger={
                  <button type="button" className={buttonClasses('primary', 'md', 'mt-6')}>
                    <BookOpen className="h-4 w-4" aria-hidden="true" />
                    Read the full issue
                  </button>
                }
              />
            </article>
          </section>
        ) : (
          <p role="status" className="rounded-xl border border-stone-200 bg-white p-6 text-stone-700">
            The first edition is on its way. Subscribe and it will be in your inbox on Tuesday morning.
          </p>
        )}

        <section aria-labelledby="inside-heading" className="mt-14">
          <h2 id="inside-heading" className="font-serif text-2xl font-semibold text-stone-900">
            What’s inside every issue
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
                <p className="mt-1 text-sm text-stone-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        {recent.length > 0 && (
          <section aria-labelledby="recent-heading" className="mt-14">
            <h2 id="recent-heading" className="font-serif text-2xl font-semibold text-stone-900">
              Recent editions
            </h2>
            <ul className="mt-6 grid gap-4 md:grid-cols-3">
              {recent.map((edition) => (
                <li key={edition.slug} className="flex flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
                  <p className="text-sm font-semibold text-brand-700">
                    {edition.issueNumber ? `Issue ${edition.issueNumber} · ` : ''}
                    <time dateTime={edition.sentAt}>{calendarDate(edition.sentOn)}</time>
                  </p>
                  <h3 className="mt-2 font-serif text-lg font-semibold text-stone-900">{edition.title}</h3>
                  <p className="mt-2 flex-1 text-sm text-stone-700">{edition.summary}</p>
                  <EditionDialog
                    edition={edition}
                    trigger={
                      <button
                        type="button"
                        className={buttonClasses('outline', 'sm', 'mt-4 self-start')}
                        aria-label={`Read ${edition.issueNumber ? `issue ${edition.issueNumber}` : 'edition'}: ${edition.title}`}
                      >
                        {edition.issueNumber ? `Read issue ${edition.issueNumber}` : 'Read edition'}
                      </button>
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        )}

        {archive.length > 1 && (
          <section aria-labelledby="archive-heading" className="mt-14">
            <h2 id="archive-heading" className="font-serif text-2xl font-semibold text-stone-900">
              Archive
            </h2>
            <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {archive.map((edition) => (
                <li key={edition.slug} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                  <time dateTime={edition.sentAt} className="shrink-0 text-sm text-stone-600 sm:w-40">
                    {calendarDate(edition.sentOn)}
                  </time>
                  <Link to={`/weekly-dish/${edition.slug}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                    {edition.issueNumber ? `Issue ${edition.issueNumber}: ` : ''}
                    {edition.title}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-stone-600">
              Prefer a feed reader?{' '}
              <a href="/weekly-dish/feed.xml" className="text-brand-800 underline">
                Follow the RSS feed
              </a>
              .
            </p>
          </section>
        )}

        <section aria-labelledby="subscribe-heading" className="mt-14 rounded-2xl bg-brand-800 px-6 py-10 text-center text-white">
          <h2 id="subscribe-heading" className="font-serif text-3xl font-bold">
            Get the next issue on Tuesday
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-50">
            Join nonprofit leaders who start their week with The Weekly Dish. Free, and you can unsubscribe anytime.
          </p>
          <Link to="/newsletter" className={buttonClasses('outline', 'lg', 'mt-6 border-white')}>
            Subscribe Free
          </Link>
        </section>
      </div>
    </>
  );
}
