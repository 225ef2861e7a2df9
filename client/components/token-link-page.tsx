import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from './link';
import { useHydrated } from '../lib/hydrated';
import { PageHeader } from './page-header';
import { Card } from './ui/card';
import { textLinkClass } from './ui/text-link';

export interface TokenLinkPageProps {
  title: string;
  lead: string;
  /** Where the person finds the whole link again: "the unsubscribe link from an edition". */
  linkSource: string;
  /** What the team does for someone who writes instead: "remove you", "stop them". */
  teamAction: string;
  /** The page's work with the link's token, once the scripts have run (opening the page changes nothing). */
  children: (token: string) => ReactNode;
}

/**
 * A page a signed link from an email opens (`?token=…`): unsubscribing, stopping reminders or
 * follow-ups. It works signed out; a link without its token says how to get it again.
 */
export function TokenLinkPage({ title, lead, linkSource, teamAction, children }: TokenLinkPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader title={title}>
        <p>{lead}</p>
      </PageHeader>
      <div className="mx-auto max-w-md px-4 py-10">
        <Card>
          {!token ? (
            <p role="alert" className="text-stone-800">
              This link is incomplete. Open {linkSource} again, or{' '}
              <Link to="/contact" className={textLinkClass}>
                contact us
              </Link>{' '}
              and we will {teamAction}.
            </p>
          ) : hydrated ? (
            children(token)
          ) : (
            <p role="status">Checking your link...</p>
          )}
        </Card>
      </div>
    </>
  );
}
