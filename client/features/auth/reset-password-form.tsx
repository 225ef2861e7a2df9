import * as accountApi from './api';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '../../lib/query-client';
import { useForm } from 'react-hook-form';
import { Link } from '../../components/link';
import { z } from '#shared/zod';
import { newPasswordField } from '#shared/auth/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { textLinkClass } from '../../components/ui/text-link';
import { useFinishSignIn } from './use-finish-sign-in';

/** The route checks the same password rule; the repeat field exists only here, to catch a typo. */
const resetFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** Sets the new password with the emailed token; the server then signs the person in with a fresh session. */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const finishSignIn = useFinishSignIn();
  const reset = useMutation({
    mutationFn: (password: string) => accountApi.confirmPasswordReset({ token, password }),
    onSuccess: (user) => {
      toast({ title: 'Password updated', description: 'Your new password is set and you are signed in.' });
      finishSignIn(user);
    },
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values.password))} className="grid gap-4">
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Repeat New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {reset.isError && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          <p>{errorText(reset.error, 'Something went wrong. Please try again.')}</p>
          <p className="mt-1">
            <Link to="/auth?mode=forgot" className={textLinkClass}>
              Request a new reset link
            </Link>
          </p>
        </div>
      )}
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
