import { useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { ConfirmSignup } from '../features/newsletter/signup-links';

/** /newsletter/confirm?token=…: the link of the signup's welcome email. Opening it changes nothing; its button confirms. */
export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <PageHeader title="Confirm your subscription">
        <p>The Weekly Dish goes only to people who asked for it.</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {token ? (
            <ConfirmSignup token={token} />
          ) : (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open the link from your email again, or{' '}
              <Link to="/newsletter" className={textLinkClass}>
                sign up again
              </Link>
              .
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
