import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatExpiry, type TestCardInput, testCardSchema } from '#shared/membership/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest } from '../../lib/api';

type CardFields = Omit<TestCardInput, 'clientSecret'>;

/**
 * The local test provider's card form (the local checkout page and /subscribe). It takes
 * Stripe's test cards; a declined card shows the provider's own message inline and as the
 * 'Payment Failed' toast (docs/product.md §8), and the member stays free.
 */
export function TestCardForm({
  endpoint,
  clientSecret,
  submitLabel,
  failureTitle = 'Payment Failed',
  onPaid,
}: {
  endpoint: string;
  clientSecret?: string;
  submitLabel: string;
  /** The refusal's toast title: 'Payment Failed' (docs/product.md §8) wherever money was due. */
  failureTitle?: string;
  /** Called with the server's answer: `redirectUrl` after a checkout, the membership after a card update. */
  onPaid: (result: { redirectUrl?: string }) => void;
}) {
  const [declined, setDeclined] = useState<string | null>(null);
  const form = useForm<CardFields>({
    resolver: zodResolver(testCardSchema.omit({ clientSecret: true })),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (card) => {
    setDeclined(null);
    try {
      onPaid(await apiRequest<{ redirectUrl?: string }>('POST', endpoint, { ...card, ...(clientSecret ? { clientSecret } : {}) }));
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : 'The payment could not be sent. Check your connection and try again.';
      if (error instanceof ApiError && error.status === 400 && error.errors) {
        for (const [field, text] of Object.entries(error.errors)) {
          if (field === 'cardNumber' || field === 'expiry' || field === 'cvc') form.setError(field, { message: text });
        }
      }
      setDeclined(message);
      toast({ title: failureTitle, description: message, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Card details">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.cardNumber?.message}
        {...form.register('cardNumber')}
      />
      {/* items-start: an error under one field never pushes its neighbour out of line (375 px). */}
      <div className="grid grid-cols-2 items-start gap-4">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12 / 34"
          error={errors.expiry?.message}
          {...form.register('expiry', {
            // Formatted as typed, as card forms do: "1230" reads "12 / 30" (backspace still deletes a digit at a time).
            onChange: (event: { target: HTMLInputElement }) => form.setValue('expiry', formatExpiry(event.target.value)),
          })}
        />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" error={errors.cvc?.message} {...form.register('cvc')} />
      </div>
      {declined && (
        <p role="alert" className="rounded-md border border-red-700/40 bg-red-50 p-3 text-sm text-red-800">
          {declined}
        </p>
      )}
      <Button type="submit" variant="accent" size="lg" disabled={isSubmitting} className="w-full">
        <CreditCard className="h-5 w-5" aria-hidden="true" />
        {isSubmitting ? 'Processing...' : submitLabel}
      </Button>
      <p className="flex items-start gap-2 text-xs text-stone-600">
        <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC; 4000 0000 0000 0002 is declined.
      </p>
    </form>
  );
}
