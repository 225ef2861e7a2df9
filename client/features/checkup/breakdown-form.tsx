import { useMutation } from '../../lib/query-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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
  const request = useMutation({
    mutationFn: async (address: string) => requestBreakdown(await resultId(), { email: address, ...(fax ? { fax } : {}) }),
    onSuccess: () => {
      toast({ title: 'Request submitted!', description: "We'll review your results and send personalized recommendations to your email soon." });
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
