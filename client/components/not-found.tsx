import { useNavigate } from 'react-router';
import { Button } from './ui/button';
import { earlierPageIsOurs } from '../lib/earlier-page';
import { notFoundMeta } from '#shared/not-found-head';

/** The 404 screen: for an address no route matches, and for a page's own address that names nothing (an unknown guide, edition or page). */
export function NotFound() {
  const navigate = useNavigate();
  // Back would leave the site (or do nothing) when no earlier page of ours is in the history: home instead.
  const goBack = () => (earlierPageIsOurs() ? navigate(-1) : navigate('/'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold">{notFoundMeta.title}</h1>
      <p className="mt-3 text-stone-700">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => navigate('/')}>Go Home</Button>
        <Button variant="outline" onClick={goBack}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
