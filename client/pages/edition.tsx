import { ArrowLeft, Clock } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { Link } from '../components/link';
import { usePageHeadContent } from '../app/page-head-content';
import { editionEyebrow, editionHead, isLocked, premiumEditionHead, type PublicEdition } from '#shared/newsletter/editions';
import { buttonClasses } from '../components/ui/button';
import { PageLoading } from '../components/page-loading';
import { useUser } from '../features/auth/use-user';
import { useEdition, useMemberEdition } from '../features/editions/api';
import { calendarDate } from '#shared/site-time';
import { PremiumEditionGate } from '../features/editions/premium-edition-gate';
import { ApiError } from '../lib/api';
import { useHydrated } from '../lib/hydrated';
import { NotFound } from '../components/not-found';

/**
 * /weekly-dish/<slug>: a sent edition on its own page, as subscribers read it,
 * rendered by the server. A premium announcement's page comes locked: a signed-in premium member's
 * browser then asks for the edition itself; anyone else is told how to read it (sign in, or the plans).
 */
export default function EditionPage() {
  const { slug = '' } = useParams();
  const edition = useEdition(slug);
  const { pathname } = useLocation();
  const data = edition.data;
  // The same title and description the server wrote (server/features/editions/edition-pages.ts).
  usePageHeadContent(data?.audience === 'premium' ? { pathname, ...premiumEditionHead } : data ? { pathname, ...editionHead(data) } : null);
  if (data === undefined) return <PageLoading />;
  if (data === null) return <NotFound />;
  return isLocked(data) ? <MemberEdition slug={slug} /> : <EditionArticle edition={data} />;
}

/** A premium announcement: read by a signed-in premium member, a way in for everyone else. */
function MemberEdition({ slug }: { slug: string }) {
  const hydrated = useHydrated();
  const { user, isLoading } = useUser();
  const member = Boolean(user?.isPremium);
  const edition = useMemberEdition(slug, hydrated && member);
  // Drawn the same for everyone until the browser knows who is reading.
  if (!hydrated || isLoading) return <PageLoading />;
  const refused = edition.error instanceof ApiError && (edition.error.status === 401 || edition.error.status === 403);
  if (!member || refused) return <PremiumEditionGate signedIn={Boolean(user)} />;
  if (!edition.data) return <PageLoading />;
  return <EditionArticle edition={edition.data} />;
}

function EditionArticle({ edition }: { edition: PublicEdition }) {
  const { title, summary, sentAt, sentOn, readingTime, html } = edition;
  const eyebrow = editionEyebrow(edition);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link to="/weekly-dish" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> The Weekly Dish
      </Link>
      <p className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-brand-700">
        {eyebrow && <span>{eyebrow}</span>}
        <time dateTime={sentAt}>{calendarDate(sentOn)}</time>
        <span className="inline-flex items-center gap-1">
          <Clock className="h-4 w-4" aria-hidden="true" /> {readingTime}
        </span>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
      {summary && <p className="mt-3 text-lg text-stone-700">{summary}</p>}
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      {edition.audience === 'subscribers' && (
        <aside className="mt-12 rounded-2xl bg-brand-800 px-6 py-8 text-center text-white">
          <h2 className="font-serif text-2xl font-bold">Get the next issue on Tuesday</h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-50">Free, about 5 minutes to read, and you can unsubscribe anytime.</p>
          <Link to="/newsletter" className={buttonClasses('outline', 'lg', 'mt-5 border-white')}>
            Subscribe Free
          </Link>
        </aside>
      )}
    </article>
  );
}
