import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { z } from '#shared/zod';
import { type AdminCoachingSlot, slotsInputSchema } from '#shared/coaching/coaching';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { apiRequest, errorText } from '../../../lib/api';
import { Confirm, smallDeleteButton } from '../../../components/ui/confirm';
import { type AdminTime, useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { showFieldErrors } from '../show-field-errors';
import { AdminSection, EmptyList } from '../admin-section';

interface CoachingCalendar {
  slots: AdminCoachingSlot[];
}

/** The coach's calendar: publish 60-minute slots, see who booked which, remove a slot. */
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
          <button type="button" className={smallDeleteButton} aria-label={`Remove the slot at ${time.clock(slot.startsAt)}`}>
            Remove
          </button>
        }
      />
    </li>
  );
}

type SlotsForm = { startsAt: string[]; roomUrl: string };
type SlotsInput = z.output<typeof slotsInputSchema>;

// A start left empty is not a slot: the schema sees only the times filled in.
const slotsResolver: Resolver<SlotsForm, unknown, SlotsInput> = (values, context, options) =>
  zodResolver(slotsInputSchema)({ ...values, startsAt: values.startsAt.filter(Boolean) }, context, options);

function AddSlots({ timeZone }: { timeZone: string }) {
  const form = useForm<SlotsForm, unknown, SlotsInput>({ resolver: slotsResolver, defaultValues: { startsAt: [''], roomUrl: '' } });
  const [count, setCount] = useState(1);
  const { errors } = form.formState;
  const publish = useAdminChange({
    request: (slots: SlotsInput) => apiRequest<{ message: string }>('POST', adminApiPaths.adminCoaching, slots),
    lists: ['coaching'],
    success: (result) => ({ title: 'Slots published', description: result.message }),
    failure: (error) => ({ title: 'Not published', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (refused) => showFieldErrors(form, refused),
  });
  const onValid = (slots: SlotsInput) => {
    if (publish.isPending) return;
    publish.mutate(slots, {
      onSuccess: () => {
        form.reset({ startsAt: [''], roomUrl: form.getValues('roomUrl') });
        setCount(1);
      },
    });
  };
  const listError = errors.startsAt?.root?.message ?? errors.startsAt?.message;
  return (
    <div role="group" aria-label="Add coaching slots" className="rounded-lg border border-stone-200 bg-white p-4">
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-3">
        <h3 className="font-semibold text-stone-900">Add slots (60 minutes each)</h3>
        <div className="grid gap-2 sm:grid-cols-2">
          {Array.from({ length: count }, (_, index) => (
            <TextField
              key={index}
              label={`Start ${index + 1} (${timeZone} time)`}
              type="datetime-local"
              error={errors.startsAt?.[index]?.message ?? (index === 0 ? listError : undefined)}
              {...form.register(`startsAt.${index}`)}
            />
          ))}
        </div>
        <div>
          <Button type="button" size="sm" variant="outline" onClick={() => setCount(count + 1)} disabled={count >= 50}>
            Add another time
          </Button>
        </div>
        <TextField
          label="Video room link"
          type="url"
          hint="Shown to the member who booked, from 15 minutes before."
          error={errors.roomUrl?.message}
          {...form.register('roomUrl')}
        />
        <div>
          <Button type="submit" disabled={publish.isPending}>
            Publish slots
          </Button>
        </div>
      </form>
    </div>
  );
}
