import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from '#shared/zod';
import type { PublicUser } from '#shared/auth/user';
import { contactMessageSchema, contactTypeLabels, contactTypes } from '#shared/contact/schemas';
import { replyTime } from '#shared/contact/reply-time';
import { Button } from '../../components/ui/button';
import { HoneypotField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { useSendContact } from './use-send-contact';

type Values = z.input<typeof contactMessageSchema>;
type FieldName = Exclude<keyof Values, 'fax'>;

const empty = { name: '', email: '', organization: '', contactType: '' as Values['contactType'], subject: '', message: '', fax: '' };
const required = ['name', 'email', 'contactType', 'message'] as const;
const topicOptions = contactTypes.map((type) => ({ value: type, label: contactTypeLabels[type] }));

const nameOf = (member: PublicUser) => member.name?.trim() || [member.firstName, member.lastName].filter(Boolean).join(' ');

/**
 * The contact form (docs/product.md §2, §4, §5 and §8): idle, sending, sent (form cleared) or
 * error (form kept). A signed-in `member` finds their name and email filled in, and is told
 * their own reply time once sent, as the server decided it (premium members get priority support).
 */
export function ContactForm({ member }: { member: PublicUser | null }) {
  const send = useSendContact();
  const form = useForm<Values, unknown, z.output<typeof contactMessageSchema>>({ resolver: zodResolver(contactMessageSchema), defaultValues: empty });
  const { errors } = form.formState;
  const [sent, setSent] = useState<{ premium: boolean } | null>(null);
  const memberName = member ? nameOf(member) : '';
  const memberEmail = member?.email ?? '';
  // The account is known after hydration: its name and email fill the fields nobody has typed in.
  useEffect(() => {
    if (!memberEmail) return;
    if (!form.getValues('name')) form.setValue('name', memberName);
    if (!form.getValues('email')) form.setValue('email', memberEmail);
  }, [memberName, memberEmail, form]);
  // After 'Send another message' the new form takes focus at its first field, where typing starts.
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (sent || !focusFirstField.current) return;
    focusFirstField.current = false;
    form.setFocus('name');
  }, [sent, form]);

  // The schema's messages go under the fields (react-hook-form focuses the first); a blank required field also gets the toast.
  const onInvalid = () => {
    const values = form.getValues();
    if (required.some((field) => String(values[field] ?? '').trim() === '')) {
      toast({ title: 'Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' });
    }
  };

  const onValid = (message: z.output<typeof contactMessageSchema>) => {
    if (send.isPending) return;
    const { fax, ...rest } = message;
    send.mutate(
      { ...rest, ...(fax ? { fax } : {}) },
      {
        // The server's word on the sender, as in the acknowledgement it mailed: a premium member
        // who sends before the page knows their account is promised their own reply time too.
        onSuccess: (answer) => {
          form.reset({ ...empty, name: memberName, email: memberEmail });
          setSent({ premium: answer.premium });
        },
        onError: (error) => {
          toast({ title: 'Message Not Sent', description: errorText(error, 'Failed to send message. Please try again.'), variant: 'destructive' });
          // The server's words for the fields it refused, under those fields.
          if (error instanceof ApiError && error.errors) {
            const refused = Object.entries(error.errors).filter(([field]) => field in empty && field !== 'fax') as [FieldName, string][];
            refused.forEach(([field, text], i) => form.setError(field, { message: text }, { shouldFocus: i === 0 }));
          }
        },
      },
    );
  };

  if (sent) {
    return (
      <MessageSent
        premium={sent.premium}
        onAnother={() => {
          focusFirstField.current = true;
          send.reset();
          setSent(null);
        }}
      />
    );
  }

  const sending = send.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="relative grid gap-5" aria-busy={sending}>
      <p className="text-sm text-stone-700">Fields marked * are required.</p>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField label="Name *" autoComplete="name" aria-required="true" error={errors.name?.message} {...form.register('name')} />
        <TextField label="Email *" type="email" autoComplete="email" aria-required="true" error={errors.email?.message} {...form.register('email')} />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField label="Organization (optional)" autoComplete="organization" error={errors.organization?.message} {...form.register('organization')} />
        <SelectField
          label="What is it about? *"
          placeholder="Choose a topic"
          options={topicOptions}
          aria-required="true"
          error={errors.contactType?.message}
          {...form.register('contactType')}
        />
      </div>
      <TextField label="Subject (optional)" maxLength={300} error={errors.subject?.message} {...form.register('subject')} />
      <TextAreaField label="Message *" aria-required="true" maxLength={5000} rows={6} error={errors.message?.message} {...form.register('message')} />
      <HoneypotField {...form.register('fax')} />
      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}

/** The sent state: focus moves to its heading so the change is announced. */
function MessageSent({ premium, onAnother }: { premium: boolean; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="py-6 text-center" data-testid="contact-sent">
      <CheckCircle2 className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 font-serif text-2xl font-bold text-stone-900 outline-none">
        Message sent
      </h2>
      <p className="mx-auto mt-2 max-w-md text-stone-700">Thank you for writing. We reply within {replyTime(premium)}, and we've emailed you a confirmation.</p>
      <Button variant="outline" className="mt-6" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}
