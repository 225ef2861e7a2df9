import { apiPaths } from '#shared/api/paths';
import { useQuery } from '../lib/query-client';
import { BookOpenCheck, Crown, MessagesSquare, Presentation, Video, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from '../components/link';
import type { PremiumResources } from '#shared/premium-content/resources';
import { site } from '#shared/site';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageHeader } from '../components/page-header';
import { useUser } from '../features/auth/use-user';
import { UpcomingWebinars } from '../features/webinars/upcoming-webinars';
import { apiRequest, errorText } from '../lib/api';

const overview: { icon: LucideIcon; title: string; text: string; preview?: string }[] = [
  {
    icon: BookOpenCheck,
    title: 'Expanded Field Guides',
    text: 'Worked examples and worksheets behind each free guide: a four-stage leadership pipeline, a 13-week cash-flow forecast, a one-afternoon systems audit and more.',
    preview: '/field-guides/preview',
  },
  {
    icon: Wrench,
    title: 'Toolkits',
    text: 'Six toolkits of templates you adapt in an afternoon: governance, impact, finance, operations, fundraising and funding.',
    preview: '/toolkits/preview',
  },
  { icon: Presentation, title: 'Webinar Recordings', text: 'Every monthly expert webinar, recorded, with the slides and the takeaways worth remembering.' },
  {
    icon: MessagesSquare,
    title: 'The Slack Community',
    text: `Your invitation to ${site.communityMembers} nonprofit leaders, and the channels worth joining first.`,
    preview: '/slack/preview',
  },
  { icon: Video, title: 'One-on-One Coaching', text: 'Book your monthly 60-minute session with an experienced nonprofit coach.', preview: '/coaching/preview' },
];

/** For everyone who is not premium: what the hub holds, and the way in (/pricing). */
function Overview() {
  return (
    <>
      <PageHeader eyebrow="Premium resources" title="Everything premium members use, in one place" wide>
        <p>Premium members find their expanded guides, toolkits, webinar recordings, Slack invitation and coaching bookings here.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {overview.map(({ icon: Icon, title, text, preview }) => (
            <li key={title} className="flex flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <Icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-stone-900">{title}</h2>
              <p className="mt-1 text-stone-700">{text}</p>
              {preview && (
                <Link to={preview} className="mt-auto pt-4 text-sm font-semibold text-brand-800 underline underline-offset-2">
                  Preview {title.toLowerCase()}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-xl border border-accent-600/40 bg-accent-100/50 p-8 text-center">
          <Crown className="mx-auto h-8 w-8 text-accent-700" aria-hidden="true" />
          <h2 className="mt-3 font-serif text-2xl font-bold text-stone-900">Unlock the premium resources</h2>
          <p className="mx-auto mt-2 max-w-xl text-stone-700">
            Premium membership includes all of the above, the Allies Directory and priority support. Cancel anytime.
          </p>
          <Link to="/pricing" className={buttonClasses('accent', 'lg', 'mt-6')}>
            See pricing
          </Link>
        </div>
      </div>
    </>
  );
}

/** The premium hub itself: its content comes from the API, for premium sessions only. */
function Hub() {
  const resources = useQuery({ queryKey: [apiPaths.premiumResources], queryFn: () => apiRequest<PremiumResources>('GET', apiPaths.premiumResources) });
  if (resources.isLoading) return <PageLoading />;
  if (!resources.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Card role="alert">
          <h1 className="font-serif text-2xl font-bold text-stone-900">The premium resources did not load</h1>
          <p className="mt-2 text-stone-700">{errorText(resources.error, 'Please reload the page.')}</p>
        </Card>
      </div>
    );
  }
  const { sections, slackInviteUrl } = resources.data;
  return (
    <>
      <PageHeader eyebrow="Premium resources" title="Your premium resources" wide>
        <p>Expanded field guides, toolkits, webinar recordings, your Slack invitation and coaching, all in one place.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-10">
        <div className="grid gap-4 sm:grid-cols-2" data-testid="premium-hub">
          <a href={slackInviteUrl} className={buttonClasses('accent', 'lg')} rel="noopener noreferrer">
            <MessagesSquare className="h-5 w-5" aria-hidden="true" />
            Join the Slack community
          </a>
          <Link to="/coaching" className={buttonClasses('primary', 'lg')}>
            <Video className="h-5 w-5" aria-hidden="true" />
            Book your coaching session
          </Link>
        </div>
        <UpcomingWebinars />
        <nav aria-label="Premium resources" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {sections.map((section) => (
              <li key={section.slug}>
                <a
                  href={`#${section.slug}`}
                  className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1 text-sm font-semibold text-stone-800 hover:border-brand-600"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8">
          {sections.map((section) => (
            <section
              key={section.slug}
              id={section.slug}
              aria-labelledby={`${section.slug}-heading`}
              className="min-w-0 scroll-mt-24 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-8"
            >
              <h2 id={`${section.slug}-heading`} className="font-serif text-2xl font-bold text-stone-900">
                {section.title}
              </h2>
              <p className="mt-1 text-stone-700">{section.summary}</p>
              {/* Published in /admin → Content and rendered by the server's Markdown renderer, which shows raw HTML as text. */}
              <div className="prose-content mt-6 break-words" dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** /premium-resources: the hub for premium members, an overview leading to /pricing for everyone else. */
export default function PremiumResourcesPage() {
  // Until the member is known, the overview the server drew stays: no spinner between two overviews.
  const { user } = useUser();
  return user?.isPremium ? <Hub /> : <Overview />;
}
