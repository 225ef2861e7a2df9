import * as accountApi from './api';
import { useLazyMutation } from '../../lib/lazy-mutation';
import { useState } from 'react';
import { Link } from '../../components/link';
import type { RegisterInput } from '#shared/auth/schemas';
import { Button } from '../../components/ui/button';
import { HoneypotField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePlainForm } from '../../lib/plain-form';
import { textLinkClass } from '../../components/ui/text-link';
import type { User } from './use-user';

const resolver = lazyZodResolver(() => import('#shared/auth/schemas').then((module) => module.registerSchema));

/** Create a free account (docs/product.md §5 and §8), with the honeypot that keeps bots out. */
export function RegisterForm({ onSignedIn, initialEmail = '' }: { onSignedIn: (user: User) => void; initialEmail?: string }) {
  const [fax, setFax] = useState('');
  const register = useLazyMutation({
    mutationFn: (input: RegisterInput) => accountApi.register(input),
    onSuccess: (user) => {
      toast({ title: 'Account created!', description: `Welcome, ${user.firstName || 'changemaker'}!` });
      onSignedIn(user);
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorText(error, '') || undefined, variant: 'destructive' }),
  });
  const form = usePlainForm({ resolver, defaultValues: { firstName: '', lastName: '', email: initialEmail, password: '' }, alsoLoad: [register] });
  const { errors } = form.formState;

  return (
    <form noValidate onFocus={form.preload} onSubmit={form.handleSubmit((values) => register.mutate({ ...values, fax }))} className="relative grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <HoneypotField value={fax} onChange={(e) => setFax(e.target.value)} />
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-stone-700">
        Already have an account?{' '}
        <Link to="/auth" className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
