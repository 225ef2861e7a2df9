import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from '#shared/zod';
import {
  type NewsletterSignupAnswer,
  type NewsletterSignupInput,
  newsletterPageFormSchema,
  newsletterSignupSchema,
  type SignupSource,
} from '#shared/newsletter/schemas';
import { Button } from '../../components/ui/button';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { useNewsletterSignup } from './use-newsletter-signup';

type Values = Omit<NewsletterSignupInput, 'source'>;
type Parsed = z.output<typeof newsletterSignupSchema>;

export interface SignupFormProps {
  source: SignupSource;
  /** The name field, when the form asks for one; `required` is the /newsletter page's rule. */
  name?: { label: string; required?: boolean };
  organization?: boolean;
  /**
   * The quick forms' rule (docs/product.md §5, /free-resources and /create-profile): the button stays
   * disabled while the email is empty, and an email of only spaces gives the 'Email Required' toast.
   */
  emailRequiredToast?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Shown under the button after a failed attempt, beside the page's own toast. */
  failureMessage?: string;
  /** With the server's answer: where the signup stands, for the page to say. */
  onSignedUp: (email: string, answer: NewsletterSignupAnswer) => void;
  onFailed: (error: unknown) => void;
}

/** The free sign-up form shared by /newsletter, /free-resources and /create-profile. */
export function SignupForm(props: SignupFormProps) {
  const signup = useNewsletterSignup(props.source);
  const schema = props.name?.required ? newsletterPageFormSchema : newsletterSignupSchema;
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(schema), defaultValues: { email: '', name: '', organization: '', fax: '' } });
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const [failed, setFailed] = useState(false);
  const failureId = useId();

  // The quick forms' rule: an email of only spaces gives the 'Email Required' toast, not a field message.
  const onInvalid = () => {
    if (!props.emailRequiredToast || (form.getValues('email') ?? '').trim() !== '') return;
    form.clearErrors('email');
    toast({ title: 'Email Required', description: 'Please enter your email address.', variant: 'destructive' });
    form.setFocus('email');
  };

  // The resolver hands over the schema's output: trimmed, defaults filled in.
  const onValid = (parsed: Parsed) => {
    if (signup.isPending) return;
    setFailed(false);
    signup.mutate(
      { email: parsed.email, name: parsed.name, organization: parsed.organization, ...(parsed.fax ? { fax: parsed.fax } : {}) },
      {
        onSuccess: (answer) => props.onSignedUp(parsed.email, answer),
        onError: (error) => {
          setFailed(true);
          props.onFailed(error);
        },
      },
    );
  };

  const nameField = props.name && (
    <TextField
      label={props.name.required ? props.name.label : `${props.name.label} (optional)`}
      autoComplete={props.name.required ? 'name' : 'given-name'}
      error={errors.name?.message}
      aria-required={props.name.required || undefined}
      {...form.register('name')}
    />
  );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      className="relative grid gap-4"
      aria-describedby={failed && props.failureMessage ? failureId : undefined}
    >
      {nameField}
      <TextField
        label="Email address"
        // Text, not type=email: the browser would silently drop spaces and show its own
        // untranslatable bubbles; the shared rule trims and names the problem under the field.
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@organization.org"
        aria-required="true"
        error={errors.email?.message}
        {...form.register('email')}
      />
      {props.organization && (
        <TextField label="Organization (optional)" autoComplete="organization" error={errors.organization?.message} {...form.register('organization')} />
      )}
      <HoneypotField {...form.register('fax')} />
      <Button type="submit" size="lg" disabled={signup.isPending || (props.emailRequiredToast && !email)}>
        {signup.isPending ? props.pendingLabel : props.submitLabel}
      </Button>
      {failed && props.failureMessage && (
        <p id={failureId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {props.failureMessage}
        </p>
      )}
    </form>
  );
}
