import { useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { ConfirmEmailButton } from '../features/account/email-verification';
import { textLinkClass } from '../components/ui/text-link';

/** /verify-email?token=…: the page the welcome email links to. Opening it changes nothing; its button confirms. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <PageHeader title="Confirm your email">
        <p>One click proves this address is yours.</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {token ? (
            <ConfirmEmailButton token={token} />
          ) : (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open the link from your email again, or send a new one from{' '}
              <Link to="/account" className={textLinkClass}>
                your account
              </Link>
              .
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
