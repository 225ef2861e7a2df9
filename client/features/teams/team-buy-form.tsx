import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { formatDollars, plans, type PlanType, TEAM_MAX_SEATS, TEAM_MIN_SEATS, teamPlans } from '#shared/pricing';
import { type TeamCheckoutInput, teamCheckoutSchema, teamMessages } from '#shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { textLinkClass } from '../../components/ui/text-link';
import { ApiError, errorText } from '../../lib/api';
import { storage, storageKeys } from '../../lib/storage';
import { SeatsField } from './seats-field';
import { perSeatText, seatsTimesText, totalText } from './team-price';
import { useTeamCheckout } from './use-team';

const planTypes: PlanType[] = ['monthly', 'yearly'];
const yearlySaves = teamPlans.monthly.perSeatCents * 12 - teamPlans.yearly.perSeatCents;
const validSeats = (seats: number) => Number.isInteger(seats) && seats >= TEAM_MIN_SEATS && seats <= TEAM_MAX_SEATS;

/**
 * /teams' order form: monthly or yearly, how many seats, the total, and "Buy N seats", which opens
 * the provider's checkout. A visitor signs in first and comes back to the same choice.
 */
export function TeamBuyForm({ initial, signedIn, userLoading }: { initial: TeamCheckoutInput; signedIn: boolean; userLoading: boolean }) {
  const navigate = useNavigate();
  const checkout = useTeamCheckout();
  const [failure, setFailure] = useState<{ message: string; hasTeam: boolean } | null>(null);
  const form = useForm<TeamCheckoutInput>({ resolver: zodResolver(teamCheckoutSchema), defaultValues: initial });
  const plan = useWatch({ control: form.control, name: 'planType' });
  const seats = useWatch({ control: form.control, name: 'seats' });
  const seatsValid = validSeats(seats);

  const onSubmit = form.handleSubmit((input) => {
    setFailure(null);
    if (!signedIn) {
      // Back to this choice after signing in or creating an account.
      storage.set(storageKeys.redirectAfterAuth, `/teams?plan=${input.planType}&seats=${input.seats}`);
      navigate('/auth');
      return;
    }
    checkout.mutate(input, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          storage.set(storageKeys.redirectAfterAuth, `/teams?plan=${input.planType}&seats=${input.seats}`);
          navigate('/auth');
          return;
        }
        setFailure({
          message: errorText(error, 'The checkout could not be opened. Nothing was charged. Please try again.'),
          hasTeam: error instanceof ApiError && error.serverMessage === teamMessages.hasTeam,
        });
      },
    });
  });

  return (
    <Card>
      <h2 className="font-serif text-2xl font-bold text-stone-900">Choose your seats</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-5">
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">How you pay</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {planTypes.map((type) => (
              <label
                key={type}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={type} className="mt-1 h-4 w-4" {...form.register('planType')} />
                <span>
                  <span className="block font-semibold text-stone-900">{plans[type].label}</span>
                  <span className="block text-sm text-stone-700">{perSeatText(type)}</span>
                  {type === 'yearly' && <span className="block text-sm text-stone-700">{formatDollars(yearlySaves)} less per seat than monthly</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Controller
          control={form.control}
          name="seats"
          render={({ field, fieldState }) => (
            <SeatsField label="Number of seats" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />

        <div className="rounded-lg bg-stone-50 p-4" aria-live="polite" data-testid="team-total">
          {seatsValid ? (
            <>
              <p className="text-stone-800">
                Total: <span className="text-3xl font-bold text-stone-900">{totalText(plan, seats)}</span>
              </p>
              <p className="mt-1 text-sm text-stone-700">{seatsTimesText(plan, seats)}. Cancel anytime.</p>
            </>
          ) : (
            <p className="text-stone-700">
              Choose from {TEAM_MIN_SEATS} to {TEAM_MAX_SEATS} seats to see the total.
            </p>
          )}
        </div>

        {failure && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
            {failure.message}{' '}
            {failure.hasTeam && (
              <Link to="/account" className={textLinkClass}>
                Go to your account
              </Link>
            )}
          </p>
        )}

        <Button type="submit" variant="accent" size="lg" className="w-full" disabled={userLoading || checkout.isPending || checkout.isSuccess}>
          {checkout.isPending || checkout.isSuccess ? 'Opening the checkout…' : seatsValid ? `Buy ${seats} seats` : 'Buy seats'}
        </Button>
        {!signedIn && !userLoading && <p className="text-sm text-stone-700">You sign in or create a free account first, then pay.</p>}
      </form>
    </Card>
  );
}
