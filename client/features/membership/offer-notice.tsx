import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from '../../components/link';
import { apiPath, apiPaths } from '#shared/api/paths';
import { offerApplicationSchema, type PublicOffer } from '#shared/membership/offers';
import { budgetBands } from '#shared/checkup/organisation';
import type { z } from '#shared/zod';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';
import { apiRequest, errorText } from '../../lib/api';

export const offerQueryKey = (code: string) => [apiPaths.offer, code];

/** The offer a link names (`?offer=CODE`, decision 054), for the signed-in member. */
export function useOffer(code: string | null, enabled: boolean) {
  return useQuery({
    queryKey: offerQueryKey(code ?? ''),
    queryFn: () => apiRequest<PublicOffer>('GET', apiPath(apiPaths.offer, { code: code! })),
    enabled: Boolean(code) && enabled,
    retry: false,
  });
}

/** Whether the member can check out with the offer now. */
export const offerUsable = (offer: PublicOffer | undefined) =>
  Boolean(
    offer &&
    !offer.unavailable &&
    offer.application !== 'redeemed' &&
    offer.application !== 'refused' &&
    (!offer.requiresApproval || offer.application === 'approved'),
  );

/** Why a linked offer is not applied: said above the regular price. */
export function offerNotice(offer: PublicOffer): string | null {
  if (offer.unavailable) return `${offer.label}: ${offer.unavailable} The regular price applies.`;
  if (offer.application === 'redeemed') return `${offer.label}: you have used this offer already. The regular price applies.`;
  if (offer.application === 'refused') return `${offer.label}: our team could not approve your application. The regular price applies.`;
  return null;
}

type ApplicationValues = z.input<typeof offerApplicationSchema>;
type Application = z.output<typeof offerApplicationSchema>;

/**
 * A "small nonprofit" offer before approval: the member states their annual budget, then waits
 * for the team's email; the regular price stays one link away.
 */
export function OfferApplication({ offer }: { offer: PublicOffer }) {
  const queryClient = useQueryClient();
  const form = useForm<ApplicationValues, unknown, Application>({
    resolver: zodResolver(offerApplicationSchema),
    // No band until the member chooses one: the schema then asks for it.
    defaultValues: { budgetBand: '' as ApplicationValues['budgetBand'] },
  });
  const apply = useMutation({
    mutationFn: (application: Application) => apiRequest('POST', apiPath(apiPaths.offerApply, { code: offer.code }), application),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerQueryKey(offer.code) }),
    // The server's refusal goes under the one field, where the schema's words go.
    onError: (failure) => form.setError('budgetBand', { message: errorText(failure, 'Your application was not sent. Please try again.') }),
  });
  const price = Object.values(offer.prices)[0];
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <h1 className="font-serif text-2xl font-bold text-stone-900">{offer.label}</h1>
        {price && <p className="mt-2 text-lg font-semibold text-stone-900">{price}</p>}
        {offer.application === 'requested' ? (
          <p className="mt-4 text-stone-700" role="status">
            Thank you: your application is with our team. We will email you when it is approved, with the link to use it.
          </p>
        ) : (
          <form className="mt-4 grid gap-4" noValidate onSubmit={form.handleSubmit((application) => apply.mutate(application))}>
            <p className="text-stone-700">
              This offer is for small nonprofits. Tell us your organisation’s annual budget; our team approves applications by email.
            </p>
            <SelectField
              label="Annual budget"
              placeholder="Choose your annual budget"
              options={budgetBands}
              error={form.formState.errors.budgetBand?.message}
              {...form.register('budgetBand')}
            />
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? 'Sending…' : 'Apply for this offer'}
            </Button>
          </form>
        )}
        <Link to="/subscribe" className={buttonClasses('outline', 'md', 'mt-6')}>
          Subscribe at the regular price instead
        </Link>
      </Card>
    </div>
  );
}
