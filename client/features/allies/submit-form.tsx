import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { allyCategories, type AllySubmissionInput, allySubmissionSchema, TAGLINE_MAX } from '#shared/allies/schemas';
import { Button } from '../../components/ui/button';
import { HoneypotField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { useSubmitAlly } from './api';

type Values = Required<Omit<AllySubmissionInput, 'fax'>>;
type FieldName = keyof Values;

const empty: Values = {
  name: '',
  tagline: '',
  category: '' as Values['category'],
  howTheyHelp: '',
  whatMakesDifferent: '',
  traction: '',
  offerForMembers: '',
  vibeCheck: '',
  website: '',
  email: '',
  submitterName: '',
  submitterEmail: '',
};
const required: FieldName[] = ['name', 'category', 'submitterEmail'];

const categoryHelp: Record<(typeof allyCategories)[number], string> = {
  Impact: 'Impact: programs, evaluation, storytelling',
  Humans: 'Humans: HR, volunteers, leadership, culture',
  Fuel: 'Fuel: fundraising, grants, finance',
  Gears: 'Gears: operations, systems, technology',
  Future: 'Future: strategy, governance, succession',
};

const categoryOptions = allyCategories.map((category) => ({ value: category, label: categoryHelp[category] }));

/** The vendor submission form (docs/product.md §2, §4, §5 and §8), validated by the same schema as the server. */
export function AllySubmitForm() {
  const navigate = useNavigate();
  const submitAlly = useSubmitAlly();
  const [fax, setFax] = useState('');
  const form = useForm<Values>({ resolver: zodResolver(allySubmissionSchema) as never, defaultValues: empty });
  const { errors } = form.formState;
  const tagline = useWatch({ control: form.control, name: 'tagline' });

  const onValid = (values: Values) => {
    submitAlly.mutate(
      { ...values, ...(fax ? { fax } : {}) },
      {
        onSuccess: () => void navigate('/allies/submit/success'),
        onError: (error) => {
          toast({ title: 'Submission Failed', description: 'There was an error submitting your profile. Please try again.', variant: 'destructive' });
          if (error instanceof ApiError && error.errors) {
            for (const [field, message] of Object.entries(error.errors)) {
              if (field in empty) form.setError(field as FieldName, { message }, { shouldFocus: true });
            }
          }
        },
      },
    );
  };
  const onInvalid = (invalid: FieldErrors<Values>) => {
    const values = form.getValues();
    if (required.some((field) => invalid[field] && String(values[field]).trim() === '')) {
      toast({ title: 'Missing Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' });
    }
  };

  const sending = submitAlly.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="relative grid gap-8" aria-busy={sending}>
      <p className="text-sm text-stone-700">Fields marked * are required. Everything else is optional but helps members choose you.</p>

      <FormSection title="Your organization">
        <TextField
          label="Organization name *"
          hint="The name members will see at the top of your card."
          autoComplete="organization"
          aria-required="true"
          maxLength={200}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SelectField
          label="Category *"
          hint="The pillar of nonprofit work you help with most."
          placeholder="Choose a category"
          options={categoryOptions}
          aria-required="true"
          error={errors.category?.message}
          {...form.register('category')}
        />
        <TextAreaField
          label="Tagline"
          hint={`One sentence that sums up what you do. Up to ${TAGLINE_MAX} characters.`}
          rows={2}
          maxLength={TAGLINE_MAX}
          counter={`${tagline.length}/${TAGLINE_MAX} characters`}
          error={errors.tagline?.message}
          {...form.register('tagline')}
        />
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField
            label="Website"
            type="url"
            inputMode="url"
            hint="Your site's address, like example.org. We add https:// if you leave it out."
            autoComplete="url"
            error={errors.website?.message}
            {...form.register('website')}
          />
          <TextField
            label="Business email (optional)"
            type="email"
            hint="Where members can contact you. Shown only to premium members."
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
      </FormSection>

      <FormSection title="What members should know">
        <TextAreaField
          label="How you help nonprofits"
          hint="The services you offer and the problems you solve for nonprofits."
          error={errors.howTheyHelp?.message}
          maxLength={3000}
          {...form.register('howTheyHelp')}
        />
        <TextAreaField
          label="What makes you different"
          hint="Why a nonprofit leader should pick you over other vendors."
          error={errors.whatMakesDifferent?.message}
          maxLength={3000}
          {...form.register('whatMakesDifferent')}
        />
        <TextAreaField
          label="Traction (optional)"
          hint="Results so far: how many nonprofits you have served, outcomes, notable clients."
          error={errors.traction?.message}
          maxLength={3000}
          {...form.register('traction')}
        />
        <TextAreaField
          label="Offer for members"
          hint="A discount, free consultation or other perk for our premium members."
          error={errors.offerForMembers?.message}
          maxLength={3000}
          {...form.register('offerForMembers')}
        />
        <TextAreaField
          label="Vibe check (optional)"
          hint="Your team's personality in a sentence or two: how is it to work with you?"
          error={errors.vibeCheck?.message}
          maxLength={3000}
          {...form.register('vibeCheck')}
        />
      </FormSection>

      <FormSection title="About you">
        <p className="-mt-2 text-sm text-stone-700">We use these only to reply about your submission; they are not shown in the directory.</p>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField
            label="Your name"
            hint="Who we should address our reply to."
            autoComplete="name"
            maxLength={200}
            error={errors.submitterName?.message}
            {...form.register('submitterName')}
          />
          <TextField
            label="Your email *"
            type="email"
            hint="We send the confirmation and our decision here."
            autoComplete="email"
            aria-required="true"
            error={errors.submitterEmail?.message}
            {...form.register('submitterEmail')}
          />
        </div>
      </FormSection>

      <HoneypotField value={fax} onChange={(e) => setFax(e.target.value)} />
      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Submitting...' : 'Submit Profile'}
        </Button>
      </div>
    </form>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5">
      <legend className="mb-4 font-serif text-xl font-bold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}
