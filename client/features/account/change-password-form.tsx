import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordInput, changePasswordSchema } from '#shared/account/schemas';
import { apiPaths } from '#shared/api/paths';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../lib/api';

/** Change password: the current one proves it is you; every other device is signed out. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await apiRequest('POST', apiPaths.accountPassword, input);
      form.reset();
      toast({ title: 'Password changed', description: 'You stay signed in here; other devices were signed out.' });
    } catch (error) {
      if (error instanceof ApiError && error.errors?.currentPassword) form.setError('currentPassword', { message: error.errors.currentPassword });
      else if (error instanceof ApiError && error.errors?.newPassword) form.setError('newPassword', { message: error.errors.newPassword });
      else toast({ title: 'Password not changed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Card>
      <h2 className="font-serif text-xl font-bold text-stone-900">Change password</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid max-w-md gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          {isSubmitting ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
