import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminUser, setPremiumSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { apiPath } from '#shared/api/paths';
import { grantEnd, grantLengthLabels, grantLengths } from '#shared/membership/grant-lengths';
import type { z } from '#shared/zod';
import { Button } from '../../components/ui/button';
import { smallOutlineButton } from '../../components/ui/confirm';
import { patch, useAdminChange } from './use-admin';
import { useSiteDates } from '../site/use-site-dates';

/**
 * A grant of premium for a time (decision 052): 1 week to 1 year, or without end. The member is
 * emailed a week before and on the day it ends by itself. Offered to members who do not pay; for
 * one on a grant already, the new length counts from today. The row says until when.
 */
export function GrantForButton({ user }: { user: AdminUser }) {
  // The day on the site's clock: a grant given late on a Saturday evening ends on a Saturday there.
  const longDate = useSiteDates().long;
  const [open, setOpen] = useState(false);
  // The body of PATCH …/premium, checked by its own schema: a grant of a month unless another
  // length is chosen (the choice is kept should the dialog be opened again).
  const form = useForm<z.input<typeof setPremiumSchema>, unknown, z.output<typeof setPremiumSchema>>({
    resolver: zodResolver(setPremiumSchema),
    defaultValues: { isPremium: true, grantFor: '1_month' },
  });
  const grant = useAdminChange<z.output<typeof setPremiumSchema>>({
    request: (body) => patch(apiPath(adminApiPaths.adminUserPremium, { id: user.id }), body),
    lists: ['users'],
    success: 'User premium status updated',
    failure: 'Failed to update user',
  });
  // A member who pays has no grant to set: their membership is billed.
  if (user.isPremium && !user.premiumGrant) return null;
  const onGrant = Boolean(user.premiumGrant);
  const until = user.premiumGrant?.endsAt;
  return (
    <>
      {onGrant && (
        <span className="self-center text-sm text-stone-700" data-testid="premium-grant-end">
          {until ? `Until ${longDate(until)}` : 'No end date'}
        </span>
      )}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button type="button" className={smallOutlineButton} aria-label={`${onGrant ? 'Change end' : 'Grant for a time'}: ${user.email}`}>
            {onGrant ? 'Change end' : 'Grant for a time'}
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-900/60" />
          <Dialog.Content className="fixed inset-x-3 top-[12vh] z-50 mx-auto max-w-md rounded-xl bg-white p-6 shadow-2xl outline-none">
            <Dialog.Title className="font-serif text-xl font-bold text-stone-900">
              {onGrant ? 'Change the grant’s end' : 'Grant premium for a time'}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-stone-700">
              {user.email} gets premium without paying. A grant with an end stops by itself on that day; they are emailed a week before and on the day.
              {onGrant ? ' The new length counts from today.' : ''}
            </Dialog.Description>
            <form
              className="mt-4"
              onSubmit={form.handleSubmit((body) => {
                setOpen(false);
                grant.mutate(body);
              })}
            >
              <fieldset>
                <legend className="font-semibold text-stone-900">For how long</legend>
                <div className="mt-2 grid gap-1">
                  {grantLengths.map((option) => {
                    const end = grantEnd(option, new Date());
                    return (
                      <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-stone-100">
                        <input type="radio" value={option} className="h-4 w-4" {...form.register('grantFor')} />
                        <span>
                          <span className="font-medium text-stone-900">{grantLengthLabels[option]}</span>
                          <span className="text-stone-700">{end ? `: until ${longDate(end)}` : ': until an admin revokes it'}</span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" variant="primary" disabled={grant.isPending}>
                  {onGrant ? 'Set new end' : 'Grant premium'}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
