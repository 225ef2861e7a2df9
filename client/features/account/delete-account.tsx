import { zodResolver } from '@hookform/resolvers/zod';
import { apiPaths } from '#shared/api/paths';
import { useQueryClient } from '../../lib/query-client';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type DeleteAccountInput, deleteAccountSchema } from '#shared/account/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { setUser } from '../auth/user-store';

/**
 * Delete my account, confirmed by typing the account's email. The server ends the
 * membership first, removes the person's rows and ends every session.
 */
export function DeleteAccount({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { confirmEmail: '' } });
  const { errors, isSubmitting } = form.formState;
  const typed = useWatch({ control: form.control, name: 'confirmEmail' });
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await apiRequest('DELETE', apiPaths.account, input);
      setUser(null);
      // What the account loaded (premium or admin data) must not stay in memory.
      queryClient.clear();
      toast({ title: 'Account deleted', description: 'Your account and your data are gone. Thank you for having been part of the community.' });
      navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.errors?.confirmEmail) form.setError('confirmEmail', { message: error.errors.confirmEmail });
      else toast({ title: 'Account not deleted', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Card className="border-red-700/40">
      <h2 className="font-serif text-xl font-bold text-stone-900">Delete my account</h2>
      <p className="mt-2 text-stone-700">
        This cancels any premium membership at once (no refund for the current period), deletes your account and everything in your data download, and signs you
        out everywhere. It cannot be undone. What stays: ally listings you submitted (they are the vendor&rsquo;s), without your name and email; our
        admins&rsquo; record of their actions, without your email; and, if a mail server ever refused your address for good, that refusal, so that we never mail
        it again.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid max-w-md gap-4">
        <TextField
          label={`Type your email (${email}) to confirm`}
          type="email"
          autoComplete="off"
          error={errors.confirmEmail?.message}
          {...form.register('confirmEmail')}
        />
        <Button type="submit" variant="destructive" disabled={!matches || isSubmitting} className="justify-self-start">
          {isSubmitting ? 'Deleting...' : 'Delete my account'}
        </Button>
      </form>
    </Card>
  );
}
