import { useSearchParams } from 'react-router';
import { TokenLinkPage } from '../components/token-link-page';
import { Unsubscribe } from '../features/newsletter/signup-links';

/** /unsubscribe?token=…: where every edition's unsubscribe link leads. Works signed out. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const edition = params.get('edition') ?? undefined;
  return (
    <TokenLinkPage
      title="Unsubscribe from The Weekly Dish"
      lead="One click, and no more editions."
      linkSource="the unsubscribe link from an edition"
      teamAction="remove you"
    >
      {(token) => <Unsubscribe token={token} edition={edition} />}
    </TokenLinkPage>
  );
}
