import { apiPaths } from '#shared/api/paths';
import { useQueryClient } from '../../lib/query-client';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../components/link';
import { formatDollars, plans } from '#shared/pricing';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { loadUser } from '../auth/user-store';
import { TestCardForm } from '../membership/test-card-form';
import { membershipQueryKey, type PlanChangePreview, useMembership, useMembershipAction, useOpenPortal, usePlanChange } from '../membership/use-membership';
import { useSiteDates } from '../site/use-site-dates';

type Panel = 'switch' | 'card' | 'cancel';

/** A confirmation's heading takes focus when it opens, so it is read out and scrolled into view on a phone. */
const focusOnOpen = (heading: HTMLHeadingElement | null) => heading?.focus();

/** /account's membership section: plan, next renewal or end date, and the member's own controls. */
export function MembershipCard() {
  const longDate = useSiteDates().long;
  const membership = useMembership(true);
  const cancel = useMembershipAction(apiPaths.cancel);
  const resume = useMembershipAction(apiPaths.resume);
  const portal = useOpenPortal();
  const queryClient = useQueryClient();
  const planChange = usePlanChange();
  // One confirmation at a time: opening one closes the other; every button stays where it is.
  const [open, setOpen] = useState<Panel | null>(null);
  const [switchPreview, setSwitchPreview] = useState<PlanChangePreview | null>(null);
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));

  const fail = (title: string) => (error: unknown) => toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' });

  if (membership.isLoading) {
    return (
      <Card aria-busy="true">
        <h2 className="font-serif text-xl font-bold text-stone-900">Membership</h2>
        <p className="mt-3 text-stone-700">Loading your membership…</p>
      </Card>
    );
  }
  const data = membership.data;
  const sub = data?.subscription;
  const live = sub && ['active', 'trialing', 'past_due'].includes(sub.status);
  // A grant (premium given by the team): nothing is billed, so there is nothing to cancel or pay.
  const paid = live && !sub.complimentary && sub.plan ? { ...sub, plan: sub.plan } : null;
  const trial = paid?.status === 'trialing';
  // An offer's discount (decision 054): the price charged is the offer's, until it ends.
  const offer = paid ? data?.offer : null;
  const perPeriod = (cents: number) => `${formatDollars(cents)}/${paid?.interval}`;

  return (
    <Card>
      <h2 className="flex items-center gap-2 font-serif text-xl font-bold text-stone-900">
        {data?.isPremium && <Crown className="h-5 w-5 text-accent-700" aria-hidden="true" />}
        Membership
      </h2>
      <dl className="mt-4 grid gap-3 text-stone-800 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Plan</dt>
        <dd data-testid="membership-plan">
          {paid
            ? `Premium, ${plans[paid.plan].label} (${offer ? `${perPeriod(offer.amountCents)} with ${offer.label}` : perPeriod(paid.amountCents)})`
            : live && sub.complimentary
              ? 'Premium, complimentary (granted by our team, never billed)'
              : data?.isPremium
                ? 'Premium'
                : 'Free'}
        </dd>
        {live && sub.complimentary && (
          <>
            <dt className="font-semibold">Premium until</dt>
            <dd data-testid="membership-date">{sub.currentPeriodEnd ? `${longDate(sub.currentPeriodEnd)}, when it ends by itself` : 'No end date'}</dd>
          </>
        )}
        {offer && (
          <>
            <dt className="font-semibold">Offer</dt>
            <dd data-testid="membership-offer">
              {offer.label}: {offer.terms}
              {offer.endsAt ? `, until ${longDate(offer.endsAt)}; then ${perPeriod(paid!.amountCents)}.` : '.'}
            </dd>
          </>
        )}
        {paid && paid.currentPeriodEnd && (
          <>
            <dt className="font-semibold">{trial ? 'Free trial' : paid.cancelAtPeriodEnd ? 'Premium ends on' : 'Next renewal'}</dt>
            <dd data-testid="membership-date">
              {trial
                ? paid.cancelAtPeriodEnd
                  ? `Until ${longDate(paid.currentPeriodEnd)}, when premium ends: nothing is charged.`
                  : `Until ${longDate(paid.currentPeriodEnd)}. Your first payment, ${formatDollars(paid.amountCents)}, is charged then.`
                : longDate(paid.currentPeriodEnd)}
            </dd>
          </>
        )}
        {paid && data?.cardLast4 && (
          <>
            <dt className="font-semibold">Card</dt>
            <dd data-testid="membership-card">Card ending {data.cardLast4}</dd>
          </>
        )}
        {paid && paid.endedByTeam && (
          <>
            <dt className="font-semibold">Status</dt>
            <dd>
              Ended by our team: nothing more is charged. Questions?{' '}
              <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Write to us
              </Link>
              .
            </dd>
          </>
        )}
        {paid && paid.status === 'past_due' && (
          <>
            <dt className="font-semibold">Status</dt>
            <dd className="font-semibold text-red-800">Your last payment failed. Update your card to keep premium.</dd>
          </>
        )}
      </dl>

      <div className="mt-6 flex flex-wrap gap-3">
        {!live && !data?.isPremium && (
          <Link to="/pricing" className={buttonClasses('accent', 'md')}>
            Go Premium
          </Link>
        )}
        {paid && data?.provider === 'stripe' && (
          <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate(undefined, { onError: fail('Could not open billing') })}>
            {portal.isPending ? 'Opening…' : 'Manage billing'}
          </Button>
        )}
        {paid && paid.cancelAtPeriodEnd && !paid.endedByTeam && (
          <Button
            variant="primary"
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: 'Membership resumed',
                    description: paid.currentPeriodEnd
                      ? `Your membership continues and renews on ${longDate(paid.currentPeriodEnd)}.`
                      : 'Your membership continues.',
                  }),
                onError: fail('Could not resume'),
              })
            }
          >
            {resume.isPending ? 'Resuming…' : 'Resume membership'}
          </Button>
        )}
        {paid && (paid.status === 'active' || trial) && !paid.endedByTeam && (
          <Button
            variant="outline"
            aria-expanded={open === 'switch'}
            aria-controls={open === 'switch' ? 'switch-panel' : undefined}
            disabled={planChange.preview.isPending}
            onClick={() =>
              open === 'switch'
                ? setOpen(null)
                : planChange.preview.mutate(paid.plan === 'monthly' ? 'yearly' : 'monthly', {
                    onSuccess: (preview) => {
                      setSwitchPreview(preview);
                      setOpen('switch');
                    },
                    onError: fail('Could not price the switch'),
                  })
            }
          >
            {planChange.preview.isPending ? 'Working out the price…' : `Switch to ${plans[paid.plan === 'monthly' ? 'yearly' : 'monthly'].label}`}
          </Button>
        )}
        {/* Nothing renews after a cancellation, so there is no card to change until it is resumed. */}
        {paid && data?.provider === 'local' && paid.status === 'active' && !paid.cancelAtPeriodEnd && (
          <Button variant="outline" aria-expanded={open === 'card'} aria-controls={open === 'card' ? 'card-panel' : undefined} onClick={() => toggle('card')}>
            Update card
          </Button>
        )}
        {paid && !paid.cancelAtPeriodEnd && (
          <Button
            variant="outline"
            aria-expanded={open === 'cancel'}
            aria-controls={open === 'cancel' ? 'cancel-panel' : undefined}
            onClick={() => toggle('cancel')}
          >
            Cancel membership
          </Button>
        )}
      </div>

      {open === 'cancel' && paid && !paid.cancelAtPeriodEnd && (
        <div id="cancel-panel" className="mt-4 rounded-lg border border-stone-300 bg-stone-50 p-4" role="group" aria-labelledby="cancel-heading">
          <h3 id="cancel-heading" ref={focusOnOpen} tabIndex={-1} className="font-semibold text-stone-900 outline-none">
            Cancel your membership?
          </h3>
          <p className="mt-1 text-stone-700">
            You keep premium until {paid.currentPeriodEnd ? longDate(paid.currentPeriodEnd) : 'the end of the period you paid for'}, and nothing more is
            charged. You can resume before then.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(null);
                    toast({ title: 'Membership cancelled', description: 'You keep premium until the end of the period. You can resume before then.' });
                  },
                  onError: fail('Could not cancel'),
                })
              }
            >
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel at period end'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              Keep my membership
            </Button>
          </div>
        </div>
      )}

      {open === 'switch' && switchPreview && paid && (
        <div id="switch-panel" className="mt-4 rounded-lg border border-stone-300 bg-stone-50 p-4" role="group" aria-labelledby="switch-heading">
          <h3 id="switch-heading" ref={focusOnOpen} tabIndex={-1} className="font-semibold text-stone-900 outline-none">
            Switch to {plans[switchPreview.plan].label}?
          </h3>
          {trial ? (
            <p className="mt-1 text-stone-700" data-testid="switch-price">
              Nothing is charged now: your free trial goes on{switchPreview.renewsAt ? ` until ${longDate(switchPreview.renewsAt)}` : ''}, and your first
              payment is then {formatDollars(switchPreview.renewalAmountCents)} for a {plans[switchPreview.plan].interval}.
            </p>
          ) : (
            <p className="mt-1 text-stone-700" data-testid="switch-price">
              You pay {formatDollars(switchPreview.amountDueCents)} now: the {plans[switchPreview.plan].label.toLowerCase()} price less the unused part of what
              you paid for this {plans[paid.plan].label.toLowerCase()} period. Your membership then renews{' '}
              {switchPreview.renewsAt ? `on ${longDate(switchPreview.renewsAt)} ` : ''}at {formatDollars(switchPreview.renewalAmountCents)}/
              {plans[switchPreview.plan].interval}.
              {switchPreview.creditCents > 0 &&
                ` The ${formatDollars(switchPreview.creditCents)} left over is kept as credit and taken off your next payments.`}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="primary"
              disabled={planChange.change.isPending}
              onClick={() =>
                planChange.change.mutate(switchPreview.plan, {
                  onSuccess: () => {
                    setOpen(null);
                    toast({
                      title: 'Plan changed',
                      description: trial
                        ? `You are now on the ${plans[switchPreview.plan].label} plan: your free trial goes on.`
                        : `You are now on the ${plans[switchPreview.plan].label} plan. A receipt is on its way.`,
                    });
                  },
                  onError: fail('Could not switch your plan'),
                })
              }
            >
              {planChange.change.isPending
                ? 'Switching…'
                : trial
                  ? `Yes, switch to ${plans[switchPreview.plan].label}`
                  : `Pay ${formatDollars(switchPreview.amountDueCents)} and switch`}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              Keep {plans[paid.plan].label}
            </Button>
          </div>
        </div>
      )}

      {paid && data?.provider === 'local' && (paid.status === 'past_due' || open === 'card') && (
        <div id="card-panel" className="mt-6 max-w-md" role="group" aria-labelledby="card-heading">
          <h3 id="card-heading" ref={paid.status === 'past_due' ? undefined : focusOnOpen} tabIndex={-1} className="font-semibold text-stone-900 outline-none">
            Update your card
          </h3>
          {paid.status === 'active' && <p className="mt-1 text-stone-700">Nothing is charged now: your renewals are charged to the new card.</p>}
          <div className="mt-3">
            <TestCardForm
              endpoint={apiPaths.updateCard}
              submitLabel={paid.status === 'past_due' ? 'Update card and pay' : 'Save card'}
              failureTitle={paid.status === 'past_due' ? undefined : 'Card not updated'}
              onPaid={() => {
                setOpen(null);
                toast({
                  title: 'Card updated',
                  description:
                    paid.status === 'past_due' ? 'Your payment went through and your membership is active.' : 'Your renewals are charged to the new card.',
                });
                void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
                void loadUser();
              }}
            />
          </div>
          {paid.status === 'active' && (
            <Button variant="ghost" className="mt-3" onClick={() => setOpen(null)}>
              Keep my card
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
