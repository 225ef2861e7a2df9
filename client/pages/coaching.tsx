import { Link } from '../components/link';
import { PageLoading } from '../components/page-loading';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { CoachingBooking } from '../features/coaching/coaching-booking';
import { useCoaching } from '../features/coaching/use-coaching';
import { errorText } from '../lib/api';
import { plural } from '#shared/plural';

/**
 * /coaching: premium members book their monthly 60-minute session from the free
 * slots, and cancel or move it up to 24 hours before; the room link shows from 15 minutes before.
 * Everyone else learns what it is, with the way to the plans.
 */
export default function CoachingPageScreen() {
  const coaching = useCoaching();
  return (
    <>
      <PageHeader eyebrow="Premium" title="One-on-one coaching" wide>
        <p>One 60-minute session every month with an experienced nonprofit coach: a decision, a hard conversation, a plan. Sessions do not carry over.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl gap-10 px-4 py-10">
        {!coaching.data ? (
          coaching.isError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
              {errorText(coaching.error, 'Coaching could not be loaded. Please reload the page.')}
            </p>
          ) : (
            <PageLoading />
          )
        ) : coaching.data.premium ? (
          <CoachingBooking page={coaching.data} />
        ) : (
          <div className="rounded-xl border border-accent-600/40 bg-accent-100/50 p-6">
            <p className="text-stone-800">
              Coaching is part of premium membership:{' '}
              {coaching.data.slots.length > 0
                ? `${plural(coaching.data.slots.length, 'session is', 'sessions are')} open in the coming weeks.`
                : 'new sessions open every month.'}
            </p>
            <Link to="/pricing" className={buttonClasses('accent', 'md', 'mt-4')}>
              See pricing
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
