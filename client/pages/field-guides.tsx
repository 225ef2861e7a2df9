import { ArrowRight, Clock, Lock, Sparkles } from 'lucide-react';
import { Link } from '../components/link';
import { fieldGuides } from '#shared/content/field-guides';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { PillarIcon } from '../components/pillar-icon';

/** /field-guides: the five guides, one per pillar, and the premium promo (docs/product.md §2). */
export default function FieldGuidesPage() {
  return (
    <>
      <PageHeader wide eyebrow="Free field guides" title="The Five Field Guides">
        <p>
          One practical guide per pillar: plain-language sections, a checklist, questions for your team or board, and what to do this week. Start with the
          pillar that keeps you up at night.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {fieldGuides.map((guide) => (
            <li
              key={guide.slug}
              className="group relative flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm transition focus-within:border-brand-600 hover:border-brand-600 hover:shadow-md"
            >
              <span className="flex items-center justify-between gap-3">
                <span className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
                  <PillarIcon slug={guide.slug} className="h-5 w-5" />
                  {guide.pillar}
                </span>
                {guide.requiresFreeAccess && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
                    <Lock className="h-3 w-3" aria-hidden="true" />
                    Free with sign-up
                  </span>
                )}
              </span>
              <h2 className="mt-3 font-serif text-xl font-semibold text-stone-900">
                {/* The whole card is clickable, but the link's name stays the guide's title. */}
                <Link to={`/field-guide/${guide.slug}`} className="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-800">
                  {guide.title}
                </Link>
              </h2>
              <p className="mt-2 flex-1 text-stone-700">{guide.subtitle}</p>
              <p className="mt-3 text-sm text-stone-600">
                {guide.pillar} covers {guide.about}.
              </p>
              <span className="mt-4 flex items-center justify-between text-sm">
                <span className="inline-flex items-center gap-1.5 text-stone-600">
                  <Clock className="h-4 w-4" aria-hidden="true" />
                  {guide.readingTime}
                </span>
                <span className="inline-flex items-center gap-1 font-semibold text-brand-700" aria-hidden="true">
                  Read the guide <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" />
                </span>
              </span>
            </li>
          ))}
          <li>
            <div className="flex h-full flex-col rounded-xl bg-brand-800 p-6 text-white shadow-sm">
              <span className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-100">
                <Sparkles className="h-5 w-5" aria-hidden="true" />
                Premium
              </span>
              <h2 className="mt-3 font-serif text-xl font-semibold">Go deeper with the expanded guides</h2>
              <p className="mt-2 flex-1 text-brand-50">
                Premium members get expanded field guides and toolkits, the Allies Directory of vetted vendors, monthly coaching and the private Slack
                community.
              </p>
              <Link to="/pricing" className={buttonClasses('outline', 'md', 'mt-5 border-white')}>
                See membership plans
              </Link>
            </div>
          </li>
        </ul>
      </div>
    </>
  );
}
