import { Link } from '../../components/link';
import { useWebinars } from './use-webinars';
import { WebinarCard } from './webinar-card';

/** The premium hub's next webinars, signed up for right there; the rest on /webinars. */
export function UpcomingWebinars() {
  const webinars = useWebinars();
  const next = webinars.data?.upcoming.slice(0, 2) ?? [];
  return (
    <section aria-labelledby="hub-webinars-heading" className="mt-8 grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="hub-webinars-heading" className="font-serif text-2xl font-bold text-stone-900">
          Upcoming webinars
        </h2>
        <Link to="/webinars" className="font-semibold text-brand-800 underline underline-offset-2">
          All webinars and recordings
        </Link>
      </div>
      {!webinars.data ? (
        <p role="status" className="text-stone-700">
          Loading the webinars...
        </p>
      ) : next.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">
          No webinar is scheduled right now. The next one is announced in The Weekly Dish.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {next.map((webinar) => (
            <WebinarCard key={webinar.id} webinar={webinar} premium={webinars.data!.premium} />
          ))}
        </ul>
      )}
    </section>
  );
}
