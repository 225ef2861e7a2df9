import { CalendarClock, ExternalLink, Users } from 'lucide-react';
import { Link } from '../../components/link';
import type { PublicWebinar } from '#shared/webinars/webinars';
import { Button, buttonClasses } from '../../components/ui/button';
import { useWebinarSignup } from './use-webinars';
import { useSiteDates } from '../site/use-site-dates';

/** One upcoming webinar: when (on the site's clock, its zone named), what, and what this reader can do now. */
export function WebinarCard({ webinar, premium }: { webinar: PublicWebinar; premium: boolean }) {
  // "Thu, Dec 10, 2026, 1:00 PM EST": the site's clock, named, as the invitation email says it.
  const eventTime = useSiteDates().dateTime;
  const signup = useWebinarSignup();
  const full = webinar.spotsLeft === 0 && !webinar.signedUp;
  const headingId = `webinar-${webinar.id}`;
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <div>
        <h3 id={headingId} className="font-serif text-xl font-semibold text-stone-900">
          {webinar.title}
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            <time dateTime={webinar.startsAt}>{eventTime(webinar.startsAt)}</time> · {webinar.durationMinutes} minutes
          </span>
          {webinar.spotsLeft !== null && (
            <span className="inline-flex items-center gap-1.5">
              <Users className="h-4 w-4" aria-hidden="true" />
              {webinar.spotsLeft === 0 ? 'Full' : `${webinar.spotsLeft} ${webinar.spotsLeft === 1 ? 'place' : 'places'} left`}
            </span>
          )}
        </p>
      </div>
      {/* Written in the admin and rendered by the server's Markdown renderer, which shows raw HTML as text. */}
      {webinar.descriptionHtml && <div className="prose-content text-stone-800" dangerouslySetInnerHTML={{ __html: webinar.descriptionHtml }} />}
      {!premium ? (
        <p className="text-sm text-stone-700">
          Premium members sign up here and join live.{' '}
          <Link to="/pricing" className="font-semibold text-brand-800 underline underline-offset-2">
            See pricing
          </Link>
        </p>
      ) : webinar.signedUp ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900">You're signed up</span>
          {webinar.roomUrl ? (
            <a href={webinar.roomUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md')}>
              Join the webinar <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-sm text-stone-700">The room link appears here at {eventTime(webinar.roomOpensAt)}.</span>
          )}
          <Button variant="outline" size="sm" disabled={signup.isPending} onClick={() => signup.mutate({ id: webinar.id, signUp: false })}>
            Cancel my sign-up
          </Button>
        </div>
      ) : (
        <div>
          <Button disabled={full || signup.isPending} onClick={() => signup.mutate({ id: webinar.id, signUp: true })}>
            {full ? 'Full' : signup.isPending ? 'Signing up...' : 'Sign up'}
          </Button>
        </div>
      )}
    </li>
  );
}
