import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { signupFailureText, signupInputError, useNewsletterSignup } from '../newsletter/use-newsletter-signup';

/**
 * The member home's Weekly Dish signup (docs/product.md §5: only the email is required, checked on
 * submit), through the newsletter feature: the shared schema checks it first, and a refusal
 * shows the server's reason under the toast's title.
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [fax, setFax] = useState('');
  const [error, setError] = useState<string>();
  const signup = useNewsletterSignup('home');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: 'Email Required', description: 'Please enter your email address.', variant: 'destructive' });
      return;
    }
    const input = { email: email.trim(), name: name.trim(), organization: '', ...(fax ? { fax } : {}) };
    const invalid = signupInputError(input);
    setError(invalid);
    if (invalid) {
      toast({ title: 'Subscription Failed', description: invalid, variant: 'destructive' });
      return;
    }
    signup.mutate(input, {
      onSuccess: () => {
        setEmail('');
        setName('');
        toast({ title: 'Welcome to The Weekly Dish!', description: "You're now subscribed to our newsletter." });
      },
      onError: (failure) => toast({ title: 'Subscription Failed', description: signupFailureText(failure), variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="weekly-dish-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
      <div className="grid gap-6 md:grid-cols-[1fr_1.2fr] md:items-center">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
            <Mail className="h-4 w-4" aria-hidden="true" />
            Free newsletter
          </p>
          <h2 id="weekly-dish-heading" className="mt-2 font-serif text-2xl font-bold text-stone-900">
            The Weekly Dish
          </h2>
          <p className="mt-2 text-stone-700">Trends, organisation spotlights and practical tips, every Tuesday morning. About 5 minutes to read.</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="relative grid gap-4 sm:grid-cols-2">
          {/* type="text": an email input drops spaces from its value, so "blank or whitespace" could never reach the check. */}
          <TextField label="Email" type="text" inputMode="email" autoComplete="email" required value={email} onChange={(e) => (setEmail(e.target.value), setError(undefined))} error={error} />
          <TextField label="Name (optional)" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          <HoneypotField value={fax} onChange={setFax} />
          <Button type="submit" className="sm:col-span-2" disabled={email === '' || signup.isPending}>
            {signup.isPending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
      </div>
    </section>
  );
}
