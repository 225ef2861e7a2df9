import { Mail } from 'lucide-react';
import type { FieldErrors } from 'react-hook-form';
import type { HomeSignup } from '#shared/newsletter/schemas';
import { Button } from '../../components/ui/button';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePlainForm } from '../../lib/plain-form';
import { signupFailureText, signupToast, useNewsletterSignup } from '../newsletter/use-newsletter-signup';

// Zod and the schema come when the form is first used, and the form is a plain one without
// react-hook-form (decisions 093 and 100): a member's home is ready without them.
const resolver = lazyZodResolver(() => import('#shared/newsletter/schemas').then((module) => module.homeSignupSchema));

/**
 * The member home's Weekly Dish signup (docs/product.md §5: only the email is required, checked on
 * submit), through the newsletter feature: the shared schema checks it first, and a refusal
 * shows the server's reason under the toast's title.
 */
export function NewsletterSignup() {
  const signup = useNewsletterSignup('home');
  const form = usePlainForm({ resolver, defaultValues: { email: '', name: '', fax: '' }, alsoLoad: [signup], watch: ['email'] });

  // A blank email gets the spec's own toast; any other invalid value the schema's message, under the field and in the toast.
  const onInvalid = (errors: FieldErrors<HomeSignup>) => {
    const blank = form.getValues('email').trim() === '';
    if (blank) form.clearErrors('email');
    const reason = blank ? 'Please enter your email address.' : (errors.email?.message ?? errors.name?.message ?? '');
    toast({ title: blank ? 'Email Required' : 'Subscription Failed', description: reason, variant: 'destructive' });
  };

  const onValid = ({ email: address, name, fax }: HomeSignup) => {
    signup.mutate(
      { email: address, name, organization: '', ...(fax ? { fax } : {}) },
      {
        onSuccess: (answer) => {
          form.reset();
          toast(signupToast(answer));
        },
        onError: (failure) => toast({ title: 'Subscription Failed', description: signupFailureText(failure), variant: 'destructive' }),
      },
    );
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
        <form noValidate onFocus={form.preload} onSubmit={form.handleSubmit(onValid, onInvalid)} className="relative grid gap-4 sm:grid-cols-2">
          {/* type="text": an email input drops spaces from its value, so "blank or whitespace" could never reach the check. */}
          <TextField
            label="Email"
            type="text"
            inputMode="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <TextField label="Name (optional)" autoComplete="name" error={form.formState.errors.name?.message} {...form.register('name')} />
          <HoneypotField {...form.register('fax')} />
          <Button type="submit" className="sm:col-span-2" disabled={!form.watched.email || signup.isPending}>
            {signup.isPending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
      </div>
    </section>
  );
}
