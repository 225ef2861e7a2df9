import { useMutation } from '../../lib/query-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type EmailOnly, emailOnlySchema } from '#shared/newsletter/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { requestBreakdown } from './api';

/**
 * The request for a detailed breakdown by email (docs/product.md §8). `resultId` resolves to the
 * stored result's id, saving it first if that has not happened yet.
 */
export function BreakdownForm({ initialEmail, resultId }: { initialEmail: string; resultId: () => Promise<string> }) {
  const form = useForm<EmailOnly>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: initialEmail } });
  const [fax, setFax] = useState('');
  // The address may be known only after the page has drawn (the signed-in member loads then):
  // filled in then, unless something was typed meanwhile.
  useEffect(() => {
    if (initialEmail && !form.getFieldState('email').isDirty && form.getValues('email') === '') form.setValue('email', initialEmail);
  }, [form, initialEmail]);
  const request = useMutation({
    mutationFn: async (address: string) => requestBreakdown(await resultId(), { email: address, ...(fax ? { fax } : {}) }),
    onSuccess: (_answer, address) => {
      // The spec's title; its text promised a review and recommendations "soon", while the
      // breakdown is mailed at once and nobody reviews it (docs/product.md §8).
      toast({ title: 'Request submitted!', description: `Your detailed breakdown is on its way to ${address}.` });
      form.reset({ email: '' });
    },
    // A cap on mail to one address (429) says when to try again; any other failure is the spec's toast.
    onError: (error) =>
      toast({
        title: 'Oops!',
        description: error instanceof ApiError && error.status === 429 ? error.serverMessage : 'Something went wrong. Please try again.',
        variant: 'destructive',
      }),
  });

  // A blank email gets the spec's own toast; any other the shared rule's message under the field.
  const onInvalid = () => {
    if (form.getValues('email').trim() !== '') return;
    form.clearErrors('email');
    toast({ title: 'Email Required', description: 'Please enter your email to receive your detailed breakdown.', variant: 'destructive' });
  };

  return (
    <Card className="bg-brand-50">
      <h2 className="font-serif text-xl font-semibold">Get your detailed breakdown</h2>
      <p className="mt-2 text-stone-700">
        We'll email you every pillar's grade, what it means, next steps and the field guides to start with, plus a link back to these results.
      </p>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ email }) => request.mutate(email), onInvalid)}
        className="relative mt-5 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          className="flex-1"
          label="Email for your breakdown"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <HoneypotField value={fax} onChange={(e) => setFax(e.target.value)} />
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send my breakdown'}
        </Button>
      </form>
    </Card>
  );
}
