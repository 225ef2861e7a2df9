import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../features/auth/text-link';
import { Unsubscribe } from '../features/newsletter/subscription';
import { useHydrated } from '../lib/hydrated';

/** /unsubscribe?token=…: where every edition's unsubscribe link leads. Works signed out. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader title="Unsubscribe from The Weekly Dish">
        <p>One click, and no more editions.</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {!token ? (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open the unsubscribe link from an edition again, or{' '}
              <Link to="/contact" className={textLinkClass}>
                contact us
              </Link>{' '}
              and we will remove you.
            </p>
          ) : hydrated ? (
            <Unsubscribe token={token} />
          ) : (
            <p role="status">Checking your link...</p>
          )}
        </Card>
      </div>
    </>
  );
}
