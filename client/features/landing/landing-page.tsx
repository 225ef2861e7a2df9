import { ArrowRight, BookOpen, ClipboardCheck, Mail, Star, Users } from 'lucide-react';
import { CheckList } from '../../components/check-list';
import { Link } from '../../components/link';
import { fieldGuides } from '#shared/content/field-guides';
import { pillars } from '#shared/content/pillars';
import { formatDollars, plans } from '#shared/pricing';
import { premiumBenefits } from '#shared/premium/benefits';
import { site } from '#shared/site';
import { buttonClasses } from '../../components/ui/button-classes';
import { PillarIcon } from '../../components/pillar-icon';

const figures = [
  { value: site.communityMembers, label: 'nonprofit leaders' },
  { value: site.vettedAllies, label: 'vetted allies' },
  { value: String(site.fieldGuides), label: 'field guides' },
] as const;

const sectionHeading = 'font-serif text-2xl font-semibold text-stone-900 sm:text-3xl';
const textLink = 'inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/**
 * The landing page for visitors (docs/product.md §2): what the site is, the free Check-Up and the
 * paid community side by side, then the pillars, guides and newsletter. It is the page with the
 * 80 KB JavaScript budget, so it uses only small icons and shared constants: no content chunks.
 */
export function LandingPage() {
  const monthly = `${formatDollars(plans.monthly.amountCents)}/month`;
  return (
    <>
      <section className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 pb-12 pt-14 sm:pt-20">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">For nonprofit leaders</p>
            <h1 className="mt-3 font-serif text-4xl font-bold leading-tight text-stone-900 sm:text-5xl">Run a healthier nonprofit, with peers who get it.</h1>
            <p className="mt-5 text-lg text-stone-700">
              {site.name} is a community and resource hub for people who lead small and mid-sized nonprofits: free field guides and tools, an honest 10-minute
              Check-Up, a weekly newsletter, and a premium community of peers and vetted vendors.
            </p>
          </div>

          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <div className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
              <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800">
                <ClipboardCheck className="h-4 w-4" aria-hidden="true" /> Free
              </span>
              <h2 className="mt-4 font-serif text-2xl font-bold text-stone-900">The Check-Up</h2>
              <p className="mt-2 text-stone-700">
                How healthy is your organization, really? Answer 20 honest questions across the 5 pillars and get a grade for each, with what to read next.
              </p>
              <ul className="mt-4 flex flex-wrap gap-2 text-sm text-stone-700">
                <li className="rounded-full bg-stone-100 px-3 py-1">About 10 minutes</li>
                <li className="rounded-full bg-stone-100 px-3 py-1">20 questions</li>
                <li className="rounded-full bg-stone-100 px-3 py-1">5 pillars</li>
              </ul>
              <div className="mt-auto pt-6">
                <Link to="/checkup" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
                  Take the Free Check-Up <ArrowRight className="h-5 w-5" aria-hidden="true" />
                </Link>
              </div>
            </div>

            <div className="relative flex flex-col rounded-2xl border-2 border-accent-600 bg-white p-6 shadow-md sm:p-8">
              <span className="absolute -top-3.5 right-6 inline-flex items-center gap-1 rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                <Star className="h-3.5 w-3.5" aria-hidden="true" /> Most Popular
              </span>
              <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent-700">
                <Users className="h-4 w-4" aria-hidden="true" /> Premium
              </span>
              <h2 className="mt-4 font-serif text-2xl font-bold text-stone-900">Join the Community</h2>
              <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
                <span className="font-serif text-4xl font-bold text-stone-900">{monthly}</span>
                <span className="text-stone-700">Leave whenever you want</span>
              </p>
              <CheckList items={premiumBenefits} className="mt-4 text-stone-700" />
              <div className="mt-auto flex flex-col gap-3 pt-6 sm:flex-row sm:items-center">
                <Link to="/pricing" className={buttonClasses('accent', 'lg', 'w-full sm:w-auto')}>
                  Join the Community
                </Link>
                <Link to="/premium" className={textLink}>
                  What’s included <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </div>
            </div>
          </div>

          <dl className="mt-10 grid grid-cols-3 gap-4 text-center">
            {figures.map((figure) => (
              // The label comes first for screen readers; the figure is shown above it.
              <div key={figure.label} className="flex flex-col-reverse rounded-xl bg-white/70 px-2 py-4">
                <dt className="mt-1 text-sm text-stone-700">{figure.label}</dt>
                <dd className="font-serif text-3xl font-bold text-brand-800 sm:text-4xl">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4">
        <section aria-labelledby="landing-pillars" className="py-14">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="landing-pillars" className={sectionHeading}>
                Five pillars of a healthy nonprofit
              </h2>
              <p className="mt-2 max-w-2xl text-stone-700">Everything here is organised around the five areas that hold an organization up.</p>
            </div>
            <Link to="/five-pillars" className={textLink}>
              About the five pillars <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {pillars.map((pillar) => (
              <li key={pillar.slug} className="rounded-xl border border-stone-200 bg-white p-5">
                <PillarIcon slug={pillar.slug} className="h-6 w-6 text-brand-700" />
                <h3 className="mt-3 font-semibold text-stone-900">{pillar.name}</h3>
                <p className="mt-1 text-sm text-stone-700">{pillar.about.charAt(0).toUpperCase() + pillar.about.slice(1)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="landing-guides" className="border-t border-stone-200 py-14">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="landing-guides" className={sectionHeading}>
                Five free field guides
              </h2>
              <p className="mt-2 max-w-2xl text-stone-700">One practical guide per pillar, with a checklist and what to do this week.</p>
            </div>
            <Link to="/field-guides" className={textLink}>
              All field guides <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {fieldGuides.map((guide) => (
              <li key={guide.slug}>
                <Link
                  to={`/field-guide/${guide.slug}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 font-semibold text-stone-900 hover:border-brand-600 hover:text-brand-800"
                >
                  <BookOpen className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                  {guide.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="landing-dish" className="mb-16 rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10">
          <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
            <div className="max-w-2xl">
              <h2 id="landing-dish" className="flex items-center gap-2 font-serif text-2xl font-semibold sm:text-3xl">
                <Mail className="h-7 w-7" aria-hidden="true" /> The Weekly Dish
              </h2>
              <p className="mt-3 text-brand-50">
                Global trends, an org spotlight and one practical tip, delivered Tuesday mornings. About 5 minutes to read, and free.
              </p>
            </div>
            <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
              <Link to="/newsletter" className={buttonClasses('outline', 'lg', 'whitespace-nowrap border-white')}>
                Get The Weekly Dish
              </Link>
              <Link
                to="/weekly-dish"
                className="inline-flex h-12 items-center justify-center whitespace-nowrap rounded-md px-4 font-semibold text-white underline underline-offset-4 hover:text-brand-100"
              >
                See a sample issue
              </Link>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
