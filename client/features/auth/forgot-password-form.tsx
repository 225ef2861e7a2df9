import * as accountApi from './api';
import { useLazyMutation } from '../../lib/lazy-mutation';
import { usePlainForm } from '../../lib/plain-form';
import { Link } from '../../components/link';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { textLinkClass } from '../../components/ui/text-link';

const resolver = lazyZodResolver(() => import('#shared/auth/schemas').then((module) => module.passwordResetRequestSchema));

/** Asks for the email to send a reset link to; the answer is the same whether or not an account exists. */
export function ForgotPasswordForm() {
  const request = useLazyMutation({
    mutationFn: accountApi.requestPasswordReset,
    onError: (error) => toast({ title: 'Request failed', description: errorText(error, 'Something went wrong. Please try again.'), variant: 'destructive' }),
  });
  const form = usePlainForm({ resolver, defaultValues: { email: '' }, alsoLoad: [request] });
  const { errors } = form.formState;

  return (
    <form noValidate onFocus={form.preload} onSubmit={form.handleSubmit((values) => request.mutate(values))} className="grid gap-4">
      <p className="text-sm text-stone-700">Enter the email of your account and we will send you a link to choose a new password.</p>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <div role="status" aria-live="polite">
        {request.data && <p className="rounded-md border border-brand-600 bg-brand-50 p-3 text-sm text-brand-800">{request.data.message}</p>}
      </div>
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth" className={textLinkClass}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
