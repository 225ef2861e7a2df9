import { useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type AdminCoachingSlot, slotsInputSchema } from '#shared/coaching/coaching';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../../lib/api';
import { useQueryClient } from '../../../lib/query-client';
import { Confirm, smallButton } from '../confirm';
import { type AdminTime, useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { AdminSection, EmptyList } from '../admin-section';

interface CoachingCalendar {
  slots: AdminCoachingSlot[];
}

/** The coach's calendar (issue 25.2): publish 60-minute slots, see who booked which, remove a slot. */
export function CoachingPanel() {
  const calendar = useAdminQuery<CoachingCalendar>(adminKey('coaching'), adminApiPaths.adminCoaching);
  const time = useAdminTime();
  if (calendar.isError) return <p role="alert">The coaching calendar could not be loaded. Reload the page to try again.</p>;
  if (!calendar.data) return <p role="status">Loading the coaching calendar...</p>;
  const { slots } = calendar.data;
  const byDay = new Map<string, AdminCoachingSlot[]>();
  for (const slot of slots) byDay.set(time.day(slot.startsAt), [...(byDay.get(time.day(slot.startsAt)) ?? []), slot]);
  const booked = slots.filter((slot) => slot.booking).length;
  return (
    <AdminSection
      title="Coaching"
      intro={`${slots.length} upcoming ${slots.length === 1 ? 'slot' : 'slots'}, ${booked} booked. Premium members book one 60-minute session a month on /coaching.`}
    >
      <AddSlots timeZone={time.timeZone} />
      {byDay.size === 0 ? (
        <EmptyList>No upcoming slots. Add the times you can coach above.</EmptyList>
      ) : (
        <ul className="grid gap-3">
          {[...byDay.entries()].map(([date, daySlots]) => (
            <li key={date} className="rounded-lg border border-stone-200 bg-white p-4">
              <h3 className="font-semibold text-stone-900">{date}</h3>
              <ul className="mt-2 divide-y divide-stone-100">
                {daySlots.map((slot) => (
                  <SlotRow key={slot.id} slot={slot} time={time} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function SlotRow({ slot, time }: { slot: AdminCoachingSlot; time: AdminTime }) {
  const remove = useAdminChange({
    request: () => apiRequest('DELETE', apiPath(adminApiPaths.adminCoachingSlot, { id: slot.id })),
    lists: ['coaching'],
    success: slot.booking ? 'The slot is removed and the member is told.' : 'The slot is removed.',
    failure: 'The slot was not removed.',
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <p className="text-sm text-stone-800">
        <span className="font-semibold">{time.clock(slot.startsAt)}</span> · {slot.coachName} ·{' '}
        {slot.booking ? (
          <span className="font-semibold text-brand-800">
            Booked by {slot.booking.name ? `${slot.booking.name} (${slot.booking.email})` : slot.booking.email}
          </span>
        ) : (
          <span className="text-stone-600">Free</span>
        )}
      </p>
      <Confirm
        title="Remove this slot?"
        description={
          slot.booking
            ? `${slot.booking.email} has booked it: they are told their session is cancelled, and can book another time this month.`
            : 'Members can no longer book this time.'
        }
        confirmLabel="Remove"
        destructive
        onConfirm={() => remove.mutate(undefined)}
        trigger={
          <button
            type="button"
            className={`${smallButton} border border-red-700 text-red-800 hover:bg-red-50`}
            aria-label={`Remove the slot at ${time.clock(slot.startsAt)}`}
          >
            Remove
          </button>
        }
      />
    </li>
  );
}

function AddSlots({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const [starts, setStarts] = useState<string[]>(['']);
  const [roomUrl, setRoomUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const publish = async () => {
    const checked = slotsInputSchema.safeParse({ startsAt: starts.filter(Boolean), roomUrl });
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
    setErrors({});
    try {
      const result = await apiRequest<{ message: string }>('POST', adminApiPaths.adminCoaching, checked.data);
      await queryClient.invalidateQueries({ queryKey: adminKey('coaching') });
      toast({ title: 'Slots published', description: result.message });
      setStarts(['']);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else toast({ title: 'Not published', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <div role="group" aria-label="Add coaching slots" className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="font-semibold text-stone-900">Add slots (60 minutes each)</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {starts.map((value, index) => (
          <TextField
            key={index}
            label={`Start ${index + 1} (${timeZone} time)`}
            type="datetime-local"
            value={value}
            error={errors[`startsAt.${index}`] ?? (index === 0 ? errors.startsAt : undefined)}
            onChange={(event) => setStarts(starts.map((current, at) => (at === index ? event.target.value : current)))}
          />
        ))}
      </div>
      <div>
        <Button size="sm" variant="outline" onClick={() => setStarts([...starts, ''])} disabled={starts.length >= 50}>
          Add another time
        </Button>
      </div>
      <TextField
        label="Video room link"
        type="url"
        hint="Shown to the member who booked, from 15 minutes before."
        value={roomUrl}
        error={errors.roomUrl}
        onChange={(event) => setRoomUrl(event.target.value)}
      />
      <div>
        <Button onClick={() => void publish()}>Publish slots</Button>
      </div>
    </div>
  );
}
