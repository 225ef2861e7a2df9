import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../features/auth/text-link';
import { StopFollowUps } from '../features/follow-ups/stop-follow-ups';
import { useHydrated } from '../lib/hydrated';

/** /follow-ups/unsubscribe?token=…: where every Check-Up follow-up's "stop" link leads. Works signed out. */
export default function FollowUpsUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader title="Stop Check-Up follow-ups">
        <p>One click, and no more emails about your Check-Up results.</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {!token ? (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open the link from a follow-up email again, or{' '}
              <Link to="/contact" className={textLinkClass}>
                contact us
              </Link>{' '}
              and we will stop them.
            </p>
          ) : hydrated ? (
            <StopFollowUps token={token} />
          ) : (
            <p role="status">Checking your link...</p>
          )}
        </Card>
      </div>
    </>
  );
}
