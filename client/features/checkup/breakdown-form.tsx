import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { requestBreakdown } from './api';

/**
 * The request for a detailed breakdown by email (docs/product.md §8). `resultId` resolves to the
 * stored result's id, saving it first if that has not happened yet.
 */
export function BreakdownForm({ initialEmail, resultId }: { initialEmail: string; resultId: () => Promise<string> }) {
  const [email, setEmail] = useState(initialEmail);
  const [fax, setFax] = useState('');
  const request = useMutation({
    mutationFn: async (address: string) => requestBreakdown(await resultId(), { email: address, ...(fax ? { fax } : {}) }),
    onSuccess: () => {
      toast({ title: 'Request submitted!', description: "We'll review your results and send personalized recommendations to your email soon." });
      setEmail('');
    },
    onError: () => toast({ title: 'Oops!', description: 'Something went wrong. Please try again.', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: 'Email Required', description: 'Please enter your email to receive your detailed breakdown.', variant: 'destructive' });
      return;
    }
    request.mutate(address);
  };

  return (
    <Card className="bg-brand-50">
      <h2 className="font-serif text-xl font-semibold">Get your detailed breakdown</h2>
      <p className="mt-2 text-stone-700">
        We'll email you every pillar's grade, what it means, next steps and the field guides to start with, plus a link back to these results.
      </p>
      <form onSubmit={submit} className="relative mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField className="flex-1" label="Email for your breakdown" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <HoneypotField value={fax} onChange={setFax} />
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send my breakdown'}
        </Button>
      </form>
    </Card>
  );
}
