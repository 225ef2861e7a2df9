import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../features/auth/text-link';
import { ReminderStop } from '../features/checkup/reminder-stop';
import { useHydrated } from '../lib/hydrated';

/** /checkup/reminders?token=…: where the retake reminder's stop link leads. Works signed out. */
export default function CheckupRemindersPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader title="Check-Up reminders">
        <p>One click, and no more reminders to retake the Check-Up.</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {!token ? (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open the link from the reminder email again, or{' '}
              <Link to="/contact" className={textLinkClass}>
                contact us
              </Link>{' '}
              and we will stop them.
            </p>
          ) : hydrated ? (
            <ReminderStop token={token} />
          ) : (
            <p role="status">Checking your link...</p>
          )}
        </Card>
      </div>
    </>
  );
}
