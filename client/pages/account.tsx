import { Download } from 'lucide-react';
import { apiPaths } from '#shared/api/paths';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageHeader } from '../components/page-header';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { DeleteAccount } from '../features/account/delete-account';
import { MembershipCard } from '../features/account/membership-card';
import { ReceiptsCard } from '../features/account/receipts-card';
import { UnverifiedEmailCard } from '../features/account/email-verification';
import { displayName } from '../features/auth/use-finish-sign-in';
import { useUser } from '../features/auth/use-user';
import { SignInRequired } from '../features/auth/sign-in-required';
import { TeamCard } from '../features/teams/team-card';

/** /account: who you are, your membership, your password, your data. */
export default function AccountPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageLoading />;
  if (!user) return <SignInRequired />;
  return (
    <>
      <PageHeader eyebrow="Your account" title={displayName(user)}>
        <p>{user.email}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 wrap-anywhere">
        {!user.emailVerified && <UnverifiedEmailCard email={user.email} />}
        <MembershipCard />
        <TeamCard />
        <ReceiptsCard />
        <ChangePasswordForm />
        {user.emailVerified && (
          <Card>
            <h2 className="font-serif text-xl font-bold text-stone-900">Email preferences</h2>
            <p className="mt-2 text-stone-700">Choose which emails you get: The Weekly Dish, webinar and event news, Allies news.</p>
            <a href={apiPaths.accountEmailPreferences} className={buttonClasses('outline', 'md', 'mt-4')}>
              Choose my emails
            </a>
          </Card>
        )}
        <Card>
          <h2 className="font-serif text-xl font-bold text-stone-900">Download my data</h2>
          <p className="mt-2 text-stone-700">
            One JSON file with everything we hold about you: your account and sign-ins, signups, Check-Up results, messages to us, membership and receipts,
            reviews, webinar and coaching bookings, and the emails we sent you.
          </p>
          <a href="/api/account/export" download className={buttonClasses('outline', 'md', 'mt-4')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download my data
          </a>
        </Card>
        <DeleteAccount email={user.email} />
      </div>
    </>
  );
}
