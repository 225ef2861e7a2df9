import * as Dialog from '@radix-ui/react-dialog';
import { Check } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '#shared/admin/schemas';
import { formatDollars, type PlanType, plans } from '#shared/pricing';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { Button } from '../../components/ui/button';
import { apiRequest } from '../../lib/api';
import { patch, useAdminChange } from './use-admin';
import { useSiteDates } from '../site/use-site-dates';

interface Membership {
  plan: PlanType | null;
  amountCents: number;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  complimentary: boolean;
}

/**
 * The Users tab's premium switch (decision 025). Turning premium on makes a grant (a membership
 * never billed). Turning it off for a member who pays first says what they pay and when the next
 * charge is, and asks whether the membership ends now or at the end of the paid period.
 */
export function PremiumSwitch({ user, className }: { user: AdminUser; className: string }) {
  const longDate = useSiteDates().long;
  const [asking, setAsking] = useState<Membership | null>(null);
  const [checking, setChecking] = useState(false);
  const setPremium = useAdminChange<{ isPremium: boolean; endSubscription?: 'now' | 'period_end' }>({
    request: (body) => patch(apiPath(adminApiPaths.adminUserPremium, { id: user.id }), body),
    lists: ['users'],
    success: 'User premium status updated',
    failure: 'Failed to update user',
  });

  const click = async () => {
    if (!user.isPremium) return setPremium.mutate({ isPremium: true });
    setChecking(true);
    try {
      const { membership } = await apiRequest<{ membership: Membership | null }>('GET', apiPath(adminApiPaths.adminUserMembership, { id: user.id }));
      if (membership && !membership.complimentary && membership.plan) setAsking(membership);
      else setPremium.mutate({ isPremium: false });
    } catch {
      // The server asks again (409) if the member pays: the switch then shows its error.
      setPremium.mutate({ isPremium: false });
    } finally {
      setChecking(false);
    }
  };
  const end = (endSubscription: 'now' | 'period_end') => {
    setAsking(null);
    setPremium.mutate({ isPremium: false, endSubscription });
  };

  const plan = asking?.plan ? plans[asking.plan] : null;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-pressed={user.isPremium}
        aria-label={`Premium: ${user.email}`}
        disabled={checking}
        onClick={() => void click()}
      >
        {/* One word in every state, as the Admin toggle: the state is aria-pressed, the style and the tick. */}
        {user.isPremium && <Check className="h-4 w-4" aria-hidden="true" />}
        Premium
      </button>
      <Dialog.Root open={Boolean(asking)} onOpenChange={(open) => !open && setAsking(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-900/60" />
          <Dialog.Content role="alertdialog" className="fixed inset-x-3 top-[15vh] z-50 mx-auto max-w-md rounded-xl bg-white p-6 shadow-2xl outline-none">
            <Dialog.Title className="font-serif text-xl font-bold text-stone-900">End a paid membership?</Dialog.Title>
            <Dialog.Description className="mt-2 text-stone-700">
              {user.email} pays for a {plan?.label} membership ({plan ? `${formatDollars(plan.amountCents)}/${plan.interval}` : ''}).{' '}
              {asking?.cancelAtPeriodEnd
                ? `It is already cancelled and ends on ${asking.currentPeriodEnd ? longDate(asking.currentPeriodEnd) : 'the end of the period'}.`
                : `The next charge of ${formatDollars(asking?.amountCents ?? 0)} is on ${asking?.currentPeriodEnd ? longDate(asking.currentPeriodEnd) : 'its renewal date'}.`}{' '}
              End it now (premium stops at once, nothing more is charged, nothing is refunded) or at the end of the paid period (premium stays until then, no
              further charge)?
            </Dialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Keep it</Button>
              </Dialog.Close>
              <Button variant="outline" onClick={() => end('period_end')}>
                End at period end
              </Button>
              <Button variant="destructive" onClick={() => end('now')}>
                End now
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
