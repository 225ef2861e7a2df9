import { budgetBands, focusAreas, type OrganisationAnswers, staffBands } from '#shared/checkup/organisation';
import { SelectField } from '../../components/ui/field';

/**
 * The Check-Up's three optional questions about the organisation (decision 040), as native
 * selects each starting at "Prefer not to say". Asked before the questions start, so the 20
 * statements run uninterrupted: on the email step, or on a step of their own for whoever skips it.
 */
export function OrganisationFields({ value, onChange, intro }: { value: OrganisationAnswers; onChange: (next: OrganisationAnswers) => void; intro: string }) {
  // Each question is optional: the empty choice ("Prefer not to say") stores nothing.
  const choose = (field: keyof OrganisationAnswers) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value || undefined });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-900">About your organisation (optional)</legend>
      <p className="text-sm text-stone-700">{intro}</p>
      <SelectField label="Annual budget" placeholder="Prefer not to say" options={budgetBands} value={value.budgetBand ?? ''} onChange={choose('budgetBand')} />
      <SelectField label="Paid staff" placeholder="Prefer not to say" options={staffBands} value={value.staffBand ?? ''} onChange={choose('staffBand')} />
      <SelectField label="Focus area" placeholder="Prefer not to say" options={focusAreas} value={value.focusArea ?? ''} onChange={choose('focusArea')} />
    </fieldset>
  );
}
