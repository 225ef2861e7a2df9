import { ExternalLink, ShieldCheck, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { type DirectoryAlly, websiteHref, websiteLabel } from '#shared/allies/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AllyReviews } from './ally-reviews';
import { useSiteDates } from '../site/use-site-dates';

const sections = [
  ['howTheyHelp', 'How they help'],
  ['whatMakesDifferent', 'What makes them different'],
  ['traction', 'Traction'],
  ['offerForMembers', 'Offer for members'],
  ['vibeCheck', 'Vibe check'],
] as const;

export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (count === 0 || average === null) return <p className="text-sm text-stone-600">No reviews yet</p>;
  return (
    <p className="flex items-center gap-1 text-sm text-stone-700">
      <Star className="h-4 w-4 fill-accent-600 text-accent-600" aria-hidden="true" />
      <span className="font-semibold text-stone-900">{average.toFixed(1)}</span>
      <span className="sr-only">out of 5,</span>
      <span>
        ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </p>
  );
}

/** One ally of the directory; expands on its own (several can be open at once, docs/product.md §2). */
export function AllyCard({ ally }: { ally: DirectoryAlly }) {
  const formatDay = useSiteDates().short;
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const headingId = useId();
  const filled = sections.filter(([key]) => ally[key]);
  const [first, ...rest] = filled;

  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby={headingId} role="article" data-testid="ally-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-serif text-xl font-bold text-stone-900">
          {ally.name}
        </h2>
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{ally.category}</span>
      </div>
      {ally.tagline && <p className="break-words text-stone-700">{ally.tagline}</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <RatingSummary {...ally.rating} />
        {ally.lastVerifiedAt && (
          <p className="flex items-center gap-1 text-sm text-stone-600">
            <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />
            Last verified {formatDay(ally.lastVerifiedAt)}
          </p>
        )}
      </div>
      {first && <AllySection label={first[1]} text={ally[first[0]]} clamp={!expanded} />}
      <div id={detailsId} hidden={!expanded} className="grid gap-4">
        {expanded && (
          <>
            {rest.map(([key, label]) => (
              <AllySection key={key} label={label} text={ally[key]} />
            ))}
            <AllyReviews ally={ally} />
          </>
        )}
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-4">
        {ally.website && websiteLabel(ally.website) ? (
          <a
            href={websiteHref(ally.website)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-w-0 items-center gap-1 break-all text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {websiteLabel(ally.website)}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span />
        )}
        <Button variant="outline" size="sm" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
          {expanded ? 'Show Less' : 'Show More'}
          <span className="sr-only"> about {ally.name}</span>
        </Button>
      </div>
    </Card>
  );
}

function AllySection({ label, text, clamp = false }: { label: string; text: string; clamp?: boolean }) {
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-stone-600">{label}</h3>
      <p className={clamp ? 'mt-1 line-clamp-3 whitespace-pre-line break-words text-stone-800' : 'mt-1 whitespace-pre-line break-words text-stone-800'}>
        {text}
      </p>
    </div>
  );
}
