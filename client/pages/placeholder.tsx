import { useLocation } from 'react-router';
import { Link } from '../components/link';
import { headOf } from '#shared/route-heads';
import { matchRoute } from '#shared/routes';
import { buttonClasses } from '../components/ui/button';
import { PageHeader } from '../components/page-header';

/** Stands in for a screen the route table lists but nobody has built yet, and says so plainly. */
export default function Placeholder() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  return (
    <>
      <PageHeader eyebrow="Coming soon" title={route ? headOf(route).title : 'Coming soon'}>
        <p>{route && headOf(route).description}</p>
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-10">
        <p className="rounded-lg border border-dashed border-accent-600 bg-accent-100 p-4 text-stone-800" data-testid="placeholder">
          This screen is being built. In the meantime, the home page and the legal pages are ready.
        </p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Go Home
        </Link>
      </div>
    </>
  );
}
