import { type FormEvent, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { newsletterPageFormSchema, newsletterSignupSchema, type SignupSource } from '#shared/newsletter/schemas';
import { Button } from '../../components/ui/button';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { useNewsletterSignup } from './use-newsletter-signup';

type FieldName = 'email' | 'name' | 'organization';

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
  onSignedUp: (email: string) => void;
  onFailed: (error: unknown) => void;
}

/** The free sign-up form shared by /newsletter, /free-resources and /create-profile. */
export function SignupForm(props: SignupFormProps) {
  const signup = useNewsletterSignup(props.source);
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', name: '', organization: '' });
  const [fax, setFax] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const failureId = useId();
  const focus = (field: FieldName) => (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

  const change = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending) return;
    if (props.emailRequiredToast && values.email.trim() === '') {
      toast({ title: 'Email Required', description: 'Please enter your email address.', variant: 'destructive' });
      focus('email');
      return;
    }
    const schema = props.name?.required ? newsletterPageFormSchema : newsletterSignupSchema;
    const result = schema.safeParse({
      email: values.email,
      ...(props.name ? { name: values.name } : {}),
      ...(props.organization ? { organization: values.organization } : {}),
    });
    if (!result.success) {
      const fieldErrors = z.flattenError(result.error).fieldErrors as Partial<Record<FieldName, string[]>>;
      const next = Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]]));
      setErrors(next);
      const first = (['name', 'email', 'organization'] as const).find((field) => next[field]);
      if (first) focus(first);
      return;
    }
    setFailed(false);
    const { email, name, organization } = result.data;
    signup.mutate(
      { email, name, organization, ...(fax ? { fax } : {}) },
      {
        onSuccess: () => props.onSignedUp(email),
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
      name="name"
      autoComplete={props.name.required ? 'name' : 'given-name'}
      value={values.name}
      onChange={change('name')}
      error={errors.name}
      aria-required={props.name.required || undefined}
    />
  );

  return (
    <form ref={form} noValidate onSubmit={submit} className="relative grid gap-4">
      {nameField}
      <TextField
        label="Email address"
        name="email"
        // Text, not type=email: the browser would silently drop spaces and show its own
        // untranslatable bubbles; the shared rule trims and names the problem under the field.
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@organization.org"
        aria-required="true"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      {props.organization && (
        <TextField
          label="Organization (optional)"
          name="organization"
          autoComplete="organization"
          value={values.organization}
          onChange={change('organization')}
          error={errors.organization}
        />
      )}
      <HoneypotField value={fax} onChange={setFax} />
      <Button type="submit" size="lg" disabled={signup.isPending || (props.emailRequiredToast && values.email === '')}>
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
