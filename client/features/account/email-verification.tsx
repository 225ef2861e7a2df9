import { verifyMessages } from '#shared/account/schemas';
import { apiPaths } from '#shared/api/paths';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorText } from '../../lib/api';
import { useMutation } from '../../lib/query-client';
import { loadUser } from '../auth/user-store';

/** The button on /verify-email: only this POST confirms the address (mail scanners merely fetch the link). */
export function ConfirmEmailButton({ token }: { token: string }) {
  const confirm = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', apiPaths.accountVerifyEmail, { token }),
    onSuccess: () => void loadUser(),
  });
  if (confirm.isSuccess) {
    return (
      <p role="status" className="text-stone-800">
        {verifyMessages.verified} Your account now includes what you sent us from this address before you had one.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">Confirm that this email address is yours.</p>
      {confirm.isError && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {errorText(confirm.error, verifyMessages.unknown)}
        </p>
      )}
      <Button disabled={confirm.isPending} onClick={() => confirm.mutate()} className="w-full">
        {confirm.isPending ? 'Confirming...' : 'Confirm my email'}
      </Button>
    </div>
  );
}

/** /account, until the address is confirmed: why it matters, and a new link. */
export function UnverifiedEmailCard({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', apiPaths.accountVerificationEmail),
    onSuccess: ({ message }) => toast({ title: 'Email sent', description: `${message} Check ${email}.` }),
    onError: (error) => toast({ title: 'Could not send the email', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold text-stone-900">Confirm your email</h2>
      <p className="mt-2 text-stone-700">
        Open the link we emailed to {email}. Until then, your data download and account deletion cover only what you did while signed in: what was sent from
        this address without an account (Check-Up results, messages, newsletter signups) joins your account once you confirm it is yours.
      </p>
      <Button variant="outline" className="mt-4" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </Card>
  );
}
