import * as accountApi from './api';
import { useLazyMutation } from '../../lib/lazy-mutation';
import { usePlainForm } from '../../lib/plain-form';
import { Link } from '../../components/link';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { displayName } from './use-finish-sign-in';
import { textLinkClass } from '../../components/ui/text-link';
import type { User } from './use-user';

const resolver = lazyZodResolver(() => import('#shared/auth/schemas').then((module) => module.loginSchema));

/** Sign in (docs/product.md §5 and §8): the shared schema's messages under the fields, the server's answer in a toast. */
export function SignInForm({ onSignedIn, initialEmail = '' }: { onSignedIn: (user: User) => void; initialEmail?: string }) {
  const signIn = useLazyMutation({
    mutationFn: accountApi.signIn,
    onSuccess: (user) => {
      toast({ title: 'Welcome back!', description: `You are signed in as ${displayName(user)}.` });
      onSignedIn(user);
    },
    onError: (error) => toast({ title: 'Login failed', description: errorText(error, '') || undefined, variant: 'destructive' }),
  });
  const form = usePlainForm({ resolver, defaultValues: { email: initialEmail, password: '' }, alsoLoad: [signIn] });
  const { errors } = form.formState;

  return (
    <form noValidate onFocus={form.preload} onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="grid gap-4">
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/auth?mode=forgot" className={textLinkClass}>
          Forgot password?
        </Link>
      </p>
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-stone-700">
        New here?{' '}
        <Link to="/auth?mode=register" className={textLinkClass}>
          Create your free account
        </Link>
      </p>
    </form>
  );
}
