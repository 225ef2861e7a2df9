import { Crown, Handshake } from 'lucide-react';
import { Link } from '../../components/link';
import { allyCategories } from '#shared/allies/schemas';
import { useUser } from '../auth/use-user';

/**
 * Under a weak Check-Up pillar: the Allies Directory category that helps with it. Premium
 * members go straight to the filtered directory; everyone else sees what premium would open.
 * Until the user is known it shows the non-premium version, as the server renders it.
 */
export function PillarAlliesLink({ pillar, about }: { pillar: string; about: string }) {
  const { user } = useUser();
  // The five pillars and the five ally categories share their names.
  const category = allyCategories.find((c) => c === pillar);
  if (!category) return null;
  if (user?.isPremium) {
    return (
      <Link
        to={`/allies?category=${category}`}
        className="mt-3 inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        <Handshake className="h-4 w-4" aria-hidden="true" />
        Find {category} allies in the directory
      </Link>
    );
  }
  return (
    <div className="mt-4 rounded-lg border border-accent-100 bg-accent-100/40 p-4 text-sm text-stone-800">
      <p className="flex items-center gap-2 font-semibold text-stone-900">
        <Crown className="h-4 w-4 text-accent-700" aria-hidden="true" />
        Vetted {category} allies
      </p>
      <p className="mt-1">
        Premium members can open the {category} category of the Allies Directory: vendors for {about.toLowerCase()}, with offers for members and reviews from
        other leaders.
      </p>
      <Link to="/allies/preview" className="mt-2 inline-flex font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        Preview the Allies Directory
      </Link>
    </div>
  );
}
