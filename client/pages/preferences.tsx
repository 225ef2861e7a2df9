import { useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { PreferencesForm } from '../features/newsletter/preferences-form';

/**
 * /preferences?token=…: the email preferences link of every edition. Works signed out (the
 * signed link is the key) and without scripts: the server draws it with the address's choices.
 */
export default function PreferencesPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <PageHeader title="Email preferences">
        <p>Choose which emails you get from us.</p>
      </PageHeader>
      <div className="mx-auto max-w-xl px-4 py-10">
        <Card>
          {token ? (
            <PreferencesForm token={token} saved={params.get('saved') === '1'} />
          ) : (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open the preferences link from one of our emails again, or{' '}
              <Link to="/contact" className={textLinkClass}>
                contact us
              </Link>{' '}
              and we will change them for you.
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
