import { apiPaths } from '#shared/api/paths';
import { MailStop } from '../components/mail-stop';
import { TokenLinkPage } from '../components/token-link-page';

/** /follow-ups/unsubscribe?token=…: where every Check-Up follow-up's "stop" link leads. Works signed out. */
export default function FollowUpsUnsubscribePage() {
  return (
    <TokenLinkPage
      title="Stop Check-Up follow-ups"
      lead="One click, and no more emails about your Check-Up results."
      linkSource="the link from a follow-up email"
      teamAction="stop them"
    >
      {(token) => (
        <MailStop
          token={token}
          apiPath={apiPaths.followUpsUnsubscribe}
          question={(email) => <>Stop the emails that follow up on the Check-Up for {email}? The Weekly Dish and your account are not changed.</>}
          stoppedNote="gets no more emails about its Check-Up results."
          button="Stop follow-ups"
          failed="The follow-ups were not stopped. Please try again."
        />
      )}
    </TokenLinkPage>
  );
}
