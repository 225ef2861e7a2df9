import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { adminApiPaths } from '#shared/api/admin-paths';
import { apiPath } from '#shared/api/paths';
import { describeSchedule, offerSchedule } from '#shared/membership/offer-price';
import { type CreateOffer, createOfferSchema, termsOf } from '#shared/membership/offers';
import { budgetBandLabel, type BudgetBand } from '#shared/checkup/organisation';
import { formatDollars } from '#shared/pricing';
import { Button } from '../../../components/ui/button';
import { Confirm, smallDeleteButton, smallOutlineButton } from '../../../components/ui/confirm';
import { SelectField, TextField } from '../../../components/ui/field';
import { apiRequest, errorText } from '../../../lib/api';
import { AdminSection, EmptyList } from '../admin-section';
import { archiveOfferText } from '../count-texts';
import { showFieldErrors } from '../show-field-errors';
import { useAdminTime } from '../admin-time';
import { siteLocalToInstant } from '#shared/site-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';

interface AdminOffer extends CreateOffer {
  id: string;
  redeemed: number;
  waiting: number;
  costCents: number;
  unavailable: string | null;
  archivedAt: string | null;
  endsAt: string | undefined;
  createdAt: string;
}
interface Application {
  id: string;
  status: 'requested' | 'approved' | 'refused' | 'redeemed';
  budgetBand: BudgetBand | null;
  email: string;
  createdAt: string;
}

const kinds = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off (dollars)' },
  { value: 'trial', label: 'Free trial' },
] as const;
const durations = [
  { value: 'once', label: 'The first charge' },
  { value: 'repeating', label: 'A number of months' },
  { value: 'forever', label: 'Every charge' },
] as const;
const planChoices = [
  { value: 'both', label: 'Monthly and yearly' },
  { value: 'monthly', label: 'Monthly only' },
  { value: 'yearly', label: 'Yearly only' },
] as const;

/** The offer's price per plan it applies to, as /subscribe says it. */
function pricesOf(offer: Pick<AdminOffer, 'appliesTo'> & Parameters<typeof termsOf>[0]): string {
  const terms = termsOf(offer);
  const planList = offer.appliesTo === 'both' ? (['monthly', 'yearly'] as const) : [offer.appliesTo];
  return planList.map((plan) => describeSchedule(plan, offerSchedule(plan, terms))).join(' · ');
}

/** The admin's Offers tab (decision 054): create an offer and its link, see redemptions and their cost, approve applications, archive. */
export function OffersPanel() {
  const [creating, setCreating] = useState(false);
  const list = useAdminQuery<{ offers: AdminOffer[] }>(adminKey('offers'), adminApiPaths.adminOffers);
  if (list.isError) return <p role="alert">The offers could not be loaded. Reload the page to try again.</p>;
  if (!list.data) return <p role="status">Loading the offers...</p>;
  if (creating) return <OfferForm onClose={() => setCreating(false)} />;
  return (
    <AdminSection
      title="Offers"
      intro="Each offer has a link that applies it on /subscribe, showing the price charged before the member pays. Members who redeemed an archived offer keep its terms."
      actions={<Button onClick={() => setCreating(true)}>New offer</Button>}
    >
      {list.data.offers.length === 0 ? (
        <EmptyList>No offers yet. Create the first one with “New offer”.</EmptyList>
      ) : (
        <ul className="grid gap-3">
          {list.data.offers.map((offer) => (
            <OfferRow key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function OfferRow({ offer }: { offer: AdminOffer }) {
  const time = useAdminTime();
  const [showApplications, setShowApplications] = useState(false);
  const link = `${window.location.origin}/subscribe?offer=${offer.code}`;
  const archive = useAdminChange({
    request: () => apiRequest('PATCH', apiPath(adminApiPaths.adminOfferArchive, { id: offer.id }), {}),
    lists: ['offers'],
    success: 'The offer is archived: its link no longer applies it.',
    failure: (error) => ({ title: 'Not archived', description: errorText(error, 'Please try again.') }),
  });
  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-stone-900">{offer.label}</h3>
          <p className="text-sm text-stone-700">{pricesOf(offer)}</p>
          <p className="break-all text-sm text-stone-600">{link}</p>
          <p className="text-sm text-stone-600">
            Redeemed {offer.redeemed}
            {offer.maxRedemptions ? ` of ${offer.maxRedemptions}` : ''} · discounts given {formatDollars(offer.costCents)}
            {offer.requiresApproval ? ` · ${offer.waiting} waiting for approval` : ''}
            {offer.endsAt ? ` · ends ${time.dateTime(offer.endsAt)}` : ''}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${offer.unavailable ? 'bg-stone-200 text-stone-700' : 'bg-green-100 text-green-900'}`}
        >
          {offer.archivedAt ? 'Archived' : offer.unavailable ? 'Closed' : 'Open'}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallOutlineButton} onClick={() => void navigator.clipboard?.writeText(link)}>
          Copy link
        </button>
        {offer.requiresApproval && (
          <button type="button" aria-expanded={showApplications} className={smallOutlineButton} onClick={() => setShowApplications(!showApplications)}>
            {showApplications ? 'Hide applications' : `Applications (${offer.waiting} waiting)`}
          </button>
        )}
        {!offer.archivedAt && (
          <Confirm
            title="Archive this offer?"
            description={archiveOfferText(offer)}
            confirmLabel="Archive offer"
            destructive
            onConfirm={() => archive.mutate(undefined)}
            trigger={
              <button type="button" className={smallDeleteButton}>
                Archive
              </button>
            }
          />
        )}
      </div>
      {showApplications && <Applications offer={offer} />}
    </li>
  );
}

function Applications({ offer }: { offer: AdminOffer }) {
  const applications = useAdminQuery<{ applications: Application[] }>(
    adminKey('offers', offer.id, 'applications'),
    apiPath(adminApiPaths.adminOfferApplications, { id: offer.id }),
  );
  const decide = useAdminChange<{ id: string; status: 'approved' | 'refused' }>({
    request: ({ id, status }) => apiRequest('PATCH', apiPath(adminApiPaths.adminOfferApplication, { id }), { status }),
    lists: ['offers'],
    success: (_, { status }) => ({ title: status === 'approved' ? 'Approved' : 'Refused', description: 'The applicant is emailed.' }),
    failure: (error) => ({ title: 'Not saved', description: errorText(error, 'Please try again.') }),
  });
  if (!applications.data) return <p role="status">Loading the applications...</p>;
  if (applications.data.applications.length === 0) return <EmptyList>No applications yet.</EmptyList>;
  return (
    <ul className="grid gap-2" aria-label={`Applications for ${offer.label}`}>
      {applications.data.applications.map((application) => (
        <li key={application.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-200 p-3">
          <span className="min-w-0 break-all text-stone-900">
            {application.email} · {application.budgetBand ? budgetBandLabel(application.budgetBand) : 'no budget given'}
          </span>
          {application.status === 'requested' ? (
            <span className="flex gap-2">
              <button type="button" className={smallOutlineButton} onClick={() => decide.mutate({ id: application.id, status: 'approved' })}>
                Approve
              </button>
              <button type="button" className={smallDeleteButton} onClick={() => decide.mutate({ id: application.id, status: 'refused' })}>
                Refuse
              </button>
            </span>
          ) : (
            <span className="text-sm font-semibold text-stone-700">{application.status[0]!.toUpperCase() + application.status.slice(1)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

type OfferFields = {
  code: string;
  label: string;
  kind: string;
  amount: string;
  duration: string;
  durationMonths: string;
  appliesTo: string;
  endsAt: string;
  maxRedemptions: string;
  requiresApproval: boolean;
};
type OfferValues = ReturnType<typeof createOfferSchema.parse>;

const checkOffer = zodResolver(createOfferSchema);
const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
/** The form's text boxes as the schema's fields: one amount box means percent, dollars or days by the kind. */
function toOffer(values: OfferFields, timeZone: string) {
  const amount = number(values.amount);
  return {
    code: values.code,
    label: values.label,
    kind: values.kind,
    ...(values.kind === 'percent'
      ? { percentOff: amount }
      : values.kind === 'amount'
        ? { amountOffCents: amount === undefined ? undefined : Math.round(amount * 100) }
        : { trialDays: amount }),
    ...(values.kind === 'trial'
      ? {}
      : { duration: values.duration, ...(values.duration === 'repeating' ? { durationMonths: number(values.durationMonths) } : {}) }),
    appliesTo: values.appliesTo,
    // Typed on the site's clock, like every time in the admin.
    ...(values.endsAt ? { endsAt: siteLocalToInstant(values.endsAt, timeZone).toISOString() } : {}),
    ...(values.maxRedemptions.trim() ? { maxRedemptions: number(values.maxRedemptions) } : {}),
    requiresApproval: values.requiresApproval,
  };
}
// The schema's field names for the amount box's errors.
const amountFields = ['percentOff', 'amountOffCents', 'trialDays'];
const offerResolver =
  (timeZone: string): Resolver<OfferFields, unknown, OfferValues> =>
  async (values, context, options) => {
    // The schema checks the kind and plans: passed on as typed, whatever the select holds.
    const result = await checkOffer(
      toOffer(values, timeZone) as Parameters<typeof checkOffer>[0],
      context,
      options as unknown as Parameters<typeof checkOffer>[2],
    );
    const errors = result.errors as Record<string, unknown>;
    for (const field of amountFields) if (errors[field]) errors.amount = errors[field];
    return result as unknown as Awaited<ReturnType<Resolver<OfferFields, unknown, OfferValues>>>;
  };

function OfferForm({ onClose }: { onClose: () => void }) {
  const time = useAdminTime();
  const form = useForm<OfferFields, unknown, OfferValues>({
    resolver: offerResolver(time.timeZone),
    defaultValues: {
      code: '',
      label: '',
      kind: 'percent',
      amount: '',
      duration: 'once',
      durationMonths: '',
      appliesTo: 'both',
      endsAt: '',
      maxRedemptions: '',
      requiresApproval: false,
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const duration = useWatch({ control: form.control, name: 'duration' });
  const save = useAdminChange({
    request: (values: OfferValues) => apiRequest('POST', adminApiPaths.adminOffers, values),
    lists: ['offers'],
    success: (_, values) => ({ title: 'Offer created', description: `Its link: /subscribe?offer=${values.code}` }),
    failure: (error) => ({ title: 'Not created', description: errorText(error, 'Please try again.') }),
    onFieldErrors: (refused) =>
      showFieldErrors(form, Object.fromEntries(Object.entries(refused).map(([field, message]) => [amountFields.includes(field) ? 'amount' : field, message]))),
  });
  const onValid = (values: OfferValues) => {
    if (!save.isPending) save.mutate(values, { onSuccess: onClose });
  };
  return (
    <AdminSection
      title="New offer"
      className="grid max-w-3xl gap-4"
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            Back to offers
          </Button>
          <Button onClick={() => void form.handleSubmit(onValid)()} disabled={save.isPending}>
            {save.isPending ? 'Creating...' : 'Create offer'}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Label"
          hint="Shown on /subscribe, e.g. Small nonprofit offer."
          maxLength={80}
          error={errors.label?.message}
          {...form.register('label')}
        />
        <TextField
          label="Code"
          hint="The end of the link: lower-case letters, digits and dashes."
          maxLength={40}
          error={errors.code?.message}
          {...form.register('code')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Kind" placeholder="Choose a kind" options={kinds} error={errors.kind?.message} {...form.register('kind')} />
        <TextField
          label={kind === 'percent' ? 'Percent off' : kind === 'amount' ? 'Dollars off' : 'Trial days'}
          type="number"
          min={1}
          step={kind === 'amount' ? '0.01' : '1'}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <SelectField label="Plans" placeholder="Choose the plans" options={planChoices} error={errors.appliesTo?.message} {...form.register('appliesTo')} />
      </div>
      {kind !== 'trial' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Discount on" placeholder="Choose how long" options={durations} error={errors.duration?.message} {...form.register('duration')} />
          {duration === 'repeating' && (
            <TextField label="Months" type="number" min={1} max={36} error={errors.durationMonths?.message} {...form.register('durationMonths')} />
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`Ends (optional, ${time.timeZone} time)`}
          type="datetime-local"
          hint="Empty: no end date."
          error={errors.endsAt?.message}
          {...form.register('endsAt')}
        />
        <TextField
          label="Redemption cap (optional)"
          type="number"
          min={1}
          hint="Empty: no cap."
          error={errors.maxRedemptions?.message}
          {...form.register('maxRedemptions')}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-stone-900">
        <input type="checkbox" className="h-4 w-4" {...form.register('requiresApproval')} />
        Applicants state their budget and wait for approval (a small nonprofit offer)
      </label>
    </AdminSection>
  );
}
