import { apiPaths } from '#shared/api/paths';
import { MailStop } from '../components/mail-stop';
import { TokenLinkPage } from '../components/token-link-page';

/** /checkup/reminders?token=…: where the retake reminder's stop link leads. Works signed out. */
export default function CheckupRemindersPage() {
  return (
    <TokenLinkPage
      title="Check-Up reminders"
      lead="One click, and no more reminders to retake the Check-Up."
      linkSource="the link from the reminder email"
      teamAction="stop them"
    >
      {(token) => (
        <MailStop
          token={token}
          apiPath={apiPaths.checkupRemindersStop}
          question={(email) => <>{email} gets one email offering a retake a few months after each Check-Up.</>}
          button="Stop Check-Up reminders"
          failed="Please try again."
        />
      )}
    </TokenLinkPage>
  );
}
