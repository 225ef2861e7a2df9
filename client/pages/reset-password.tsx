import { useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
import { textLinkClass } from '../components/ui/text-link';

/** /reset-password?token=… : the page the reset email links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <PageHeader title="Reset your password">
        <p>Choose a new password for your account. The link in your email works once, for one hour.</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {token ? (
            <ResetPasswordForm token={token} />
          ) : (
            <p role="alert" className="text-stone-800">
              This reset link is incomplete. Please open the link from your email again, or{' '}
              <Link to="/auth?mode=forgot" className={textLinkClass}>
                request a new one
              </Link>
              .
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
