import { ExternalLink, Video } from 'lucide-react';
import { useState } from 'react';
import type { CoachingPage } from '#shared/coaching/coaching';
import { Button, buttonClasses } from '../../components/ui/button';
import { useSiteDates } from '../site/use-site-dates';
import { useCoachingChange } from './use-coaching';

/**
 * A premium member's coaching: their sessions (join from 15 minutes before; move or cancel up to
 * 24 hours before) and the open slots by day, to book this month's session or move one to.
 */
export function CoachingBooking({ page }: { page: CoachingPage }) {
  // The site's clock, named ("1:00 PM EST"), as the booking emails and the calendar invitation say it.
  const { weekdayDate: day, clock: time, zoneName } = useSiteDates();
  const when = (iso: string) => `${day(iso)}, ${time(iso)}`;
  const change = useCoachingChange();
  const [moving, setMoving] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState<string | null>(null);
  const byDay = new Map<string, CoachingPage['slots']>();
  for (const slot of page.slots) byDay.set(day(slot.startsAt), [...(byDay.get(day(slot.startsAt)) ?? []), slot]);
  const [drawnAt] = useState(() => Date.now());

  return (
    <>
      <section aria-labelledby="sessions-heading" className="grid gap-3">
        <h2 id="sessions-heading" className="font-serif text-2xl font-bold text-stone-900">
          Your sessions
        </h2>
        {page.bookings.length === 0 ? (
          <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">No session booked. Choose a time below: one a month is included.</p>
        ) : (
          <ul className="grid gap-3">
            {page.bookings.map((booking) => {
              const changeable = new Date(booking.changeableUntil).getTime() > drawnAt;
              return (
                <li
                  key={booking.id}
                  aria-label={`Session on ${when(booking.slot.startsAt)}`}
                  className="grid gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
                >
                  <p className="font-semibold text-stone-900">
                    <time dateTime={booking.slot.startsAt}>{when(booking.slot.startsAt)}</time> · 60 minutes with {booking.slot.coachName}
                  </p>
                  <div className="flex flex-wrap items-center gap-2">
                    {booking.roomUrl ? (
                      <a href={booking.roomUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md')}>
                        <Video className="h-4 w-4" aria-hidden="true" /> Join the session <ExternalLink className="h-4 w-4" aria-hidden="true" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="text-sm text-stone-700">The room link appears here 15 minutes before the start.</span>
                    )}
                    {changeable ? (
                      <>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-pressed={moving === booking.id}
                          onClick={() => setMoving(moving === booking.id ? null : booking.id)}
                        >
                          {moving === booking.id ? 'Keep this time' : 'Move'}
                        </Button>
                        {confirmCancel === booking.id ? (
                          <span role="group" aria-label="Confirm the cancellation" className="flex flex-wrap items-center gap-2">
                            <span className="text-sm text-stone-800">Cancel this session?</span>
                            <Button
                              variant="destructive"
                              size="sm"
                              onClick={() => change.mutate({ kind: 'cancel', bookingId: booking.id }, { onSettled: () => setConfirmCancel(null) })}
                            >
                              Yes, cancel it
                            </Button>
                            <Button variant="outline" size="sm" onClick={() => setConfirmCancel(null)}>
                              No
                            </Button>
                          </span>
                        ) : (
                          <Button variant="outline" size="sm" onClick={() => setConfirmCancel(booking.id)}>
                            Cancel
                          </Button>
                        )}
                      </>
                    ) : (
                      <span className="text-sm text-stone-600">
                        Within 24 hours of the start it can no longer be changed here: write to us if something came up.
                      </span>
                    )}
                  </div>
                  {moving === booking.id && (
                    <p role="status" className="text-sm text-brand-800">
                      Choose the new time below.
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="slots-heading" className="grid gap-3">
        <h2 id="slots-heading" className="font-serif text-2xl font-bold text-stone-900">
          {moving ? 'Move to' : 'Book a session'}
        </h2>
        <p className="text-sm text-stone-600">Times are in {zoneName}.</p>
        {byDay.size === 0 ? (
          <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">
            No open sessions in the coming weeks. New times are added every month.
          </p>
        ) : (
          <ul className="grid gap-3">
            {[...byDay.entries()].map(([date, slots]) => (
              <li key={date} className="rounded-xl border border-stone-200 bg-white p-4">
                <h3 className="font-semibold text-stone-900">{date}</h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {slots.map((slot) => {
                    const blocked = slot.monthTaken && !moving;
                    return (
                      <li key={slot.id}>
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={blocked || change.isPending}
                          aria-label={`${moving ? 'Move to' : 'Book'} ${when(slot.startsAt)} with ${slot.coachName}${blocked ? " (you have this month's session)" : ''}`}
                          onClick={() =>
                            change.mutate(moving ? { kind: 'move', bookingId: moving, slotId: slot.id } : { kind: 'book', slotId: slot.id }, {
                              onSuccess: () => setMoving(null),
                            })
                          }
                        >
                          {time(slot.startsAt)}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
                {slots.some((slot) => slot.monthTaken) && !moving && (
                  <p className="mt-2 text-sm text-stone-600">You have this month's session: move it to choose one of these.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
