import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { contactMessageSchema, contactTypeLabels, contactTypes } from '#shared/contact/schemas';
import { Button } from '../../components/ui/button';
import { HoneypotField, TextAreaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { useSendContact } from './use-send-contact';

type FieldName = 'name' | 'email' | 'organization' | 'contactType' | 'subject' | 'message';
type Values = Record<FieldName, string>;

const empty: Values = { name: '', email: '', organization: '', contactType: '', subject: '', message: '' };
const required = ['name', 'email', 'contactType', 'message'] as const;
const fieldOrder: FieldName[] = ['name', 'email', 'organization', 'contactType', 'subject', 'message'];

/** The contact form (docs/product.md §2, §4, §5 and §8): idle, sending, sent (form cleared) or error (form kept). */
export function ContactForm() {
  const send = useSendContact();
  const [values, setValues] = useState<Values>(empty);
  const [fax, setFax] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // After 'Send another message' the new form takes focus at its first field, where typing starts.
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (sent || !focusFirstField.current) return;
    focusFirstField.current = false;
    (form.current?.elements.namedItem('name') as HTMLElement | null)?.focus();
  }, [sent]);

  const change = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (next: Partial<Record<FieldName, string>>) => {
    setErrors(next);
    const first = fieldOrder.find((field) => next[field]);
    if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const result = contactMessageSchema.safeParse(values);
    if (required.some((field) => values[field].trim() === '')) {
      toast({ title: 'Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' });
    }
    if (!result.success) {
      const fieldErrors = z.flattenError(result.error).fieldErrors as Partial<Record<FieldName, string[]>>;
      showErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]])));
      return;
    }
    send.mutate(
      { ...result.data, ...(fax ? { fax } : {}) },
      {
        onSuccess: () => {
          setValues(empty);
          setErrors({});
          setSent(true);
        },
        onError: (error) => {
          toast({ title: 'Message Not Sent', description: errorText(error, 'Failed to send message. Please try again.'), variant: 'destructive' });
          if (error instanceof ApiError && error.errors) showErrors(error.errors as Partial<Record<FieldName, string>>);
        },
      },
    );
  };

  if (sent) {
    return (
      <MessageSent
        onAnother={() => {
          focusFirstField.current = true;
          send.reset();
          setSent(false);
        }}
      />
    );
  }

  const sending = send.isPending;
  return (
    <form ref={form} noValidate onSubmit={submit} className="relative grid gap-5" aria-busy={sending}>
      <p className="text-sm text-stone-700">Fields marked * are required.</p>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField label="Name *" name="name" autoComplete="name" aria-required="true" value={values.name} onChange={change('name')} error={errors.name} />
        <TextField
          label="Email *"
          name="email"
          type="email"
          autoComplete="email"
          aria-required="true"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField
          label="Organization (optional)"
          name="organization"
          autoComplete="organization"
          value={values.organization}
          onChange={change('organization')}
          error={errors.organization}
        />
        <SelectField
          label="What is it about? *"
          value={values.contactType}
          onChange={change('contactType')}
          error={errors.contactType}
        />
      </div>
      <TextField label="Subject (optional)" name="subject" maxLength={300} value={values.subject} onChange={change('subject')} error={errors.subject} />
      <TextAreaField
        label="Message *"
        name="message"
        aria-required="true"
        maxLength={5000}
        rows={6}
        value={values.message}
        onChange={change('message')}
        error={errors.message}
      />
      <HoneypotField value={fax} onChange={setFax} />
      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}

function SelectField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name="contactType"
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={onChange}
        className="block h-[42px] w-full rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700"
      >
        <option value="">Choose a topic</option>
        {contactTypes.map((type) => (
          <option key={type} value={type}>
            {contactTypeLabels[type]}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The sent state: focus moves to its heading so the change is announced. */
function MessageSent({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="py-6 text-center" data-testid="contact-sent">
      <CheckCircle2 className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 font-serif text-2xl font-bold text-stone-900 outline-none">
        Message sent
      </h2>
      <p className="mx-auto mt-2 max-w-md text-stone-700">
        Thank you for writing. We reply within 1-2 business days, and we've emailed you a confirmation.
      </p>
      <Button variant="outline" className="mt-6" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}
