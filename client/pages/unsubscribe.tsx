import { TokenLinkPage } from '../components/token-link-page';
import { Unsubscribe } from '../features/newsletter/subscription';

/** /unsubscribe?token=…: where every edition's unsubscribe link leads. Works signed out. */
export default function UnsubscribePage() {
  return (
    <TokenLinkPage
      title="Unsubscribe from The Weekly Dish"
      lead="One click, and no more editions."
      linkSource="the unsubscribe link from an edition"
      teamAction="remove you"
    >
      {(token) => <Unsubscribe token={token} />}
    </TokenLinkPage>
  );
}
