import { BookOpenCheck, Crown, MessagesSquare, Presentation, Users, Video, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from '../components/link';
import { site } from '#shared/site';
import { buttonClasses } from '../components/ui/button';
import { PlanCard } from '../features/membership/plan-card';
import { premiumBenefits } from '#shared/premium/benefits';
import { planText } from '../features/membership/plan-text';

const tiles: { icon: LucideIcon; title: string; text: string; to?: string }[] = [
  {
    icon: MessagesSquare,
    title: 'Private Slack Community',
    text: `Ask, share and swap templates with ${site.communityMembers} nonprofit leaders who have been where you are.`,
    to: '/slack/preview',
  },
  {
    icon: Users,
    title: 'The Allies Directory',
    text: `${site.vettedAllies} vetted vendors with peer reviews, pricing and member offers.`,
    to: '/allies/preview',
  },
  {
    icon: BookOpenCheck,
    title: 'Expanded Field Guides',
    text: 'The deep dives behind the free guides: worked examples, worksheets and the leadership pipeline.',
    to: '/field-guides/preview',
  },
  {
    icon: Video,
    title: 'Monthly 1:1 Coaching',
    text: 'One 60-minute session a month with an experienced nonprofit coach, by video or phone.',
    to: '/coaching/preview',
  },
  {
    icon: Wrench,
    title: 'Toolkits',
    text: 'Six ready-to-use toolkits: governance, impact, finance, operations, fundraising and funding.',
    to: '/toolkits/preview',
  },
  { icon: Presentation, title: 'Expert Webinars', text: 'A live webinar with an expert every month, and the full recording library.' },
];

/** /premium (docs/product.md §2): hero, 'What's Included' (six tiles, five with previews), 'Choose Your Plan'. */
export default function PremiumPage() {
  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-accent-100 via-brand-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-accent-700 shadow-sm">
            <Crown className="h-4 w-4" aria-hidden="true" />
            Premium membership
          </p>
          <h1 className="mx-auto mt-5 max-w-3xl font-serif text-4xl font-bold text-stone-900 sm:text-5xl">Lead with a community behind you</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-stone-700">
            Vetted vendors, a coach every month, expert webinars, practical toolkits and {site.communityMembers} peers in a private Slack. Everything you need
            to stop figuring it out alone.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="#choose-your-plan" className={buttonClasses('accent', 'lg')}>
              See the plans
            </a>
            <Link to="/premium-resources" className={buttonClasses('outline', 'lg')}>
              What's in the resources
            </Link>
          </div>
        </div>
      </div>

      <section aria-labelledby="included-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="included-heading" className="text-center font-serif text-3xl font-bold text-stone-900">
          What's Included
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map(({ icon: Icon, title, text, to }) => {
            const body = (
              <>
                <Icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
                <h3 className="mt-3 text-lg font-semibold text-stone-900">{title}</h3>
                <p className="mt-1 text-stone-700">{text}</p>
                {to && <p className="mt-3 text-sm font-semibold text-brand-800 underline-offset-2 group-hover:underline">Preview</p>}
              </>
            );
            return (
              <li key={title}>
                {to ? (
                  <Link to={to} className="group block h-full rounded-xl border border-stone-200 bg-white p-6 shadow-sm hover:border-brand-600">
                    {body}
                  </Link>
                ) : (
                  <div className="h-full rounded-xl border border-stone-200 bg-white p-6 shadow-sm">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section id="choose-your-plan" aria-labelledby="plans-heading" className="border-t border-stone-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="plans-heading" className="text-center font-serif text-3xl font-bold text-stone-900">
            Choose Your Plan
          </h2>
          <div className="mx-auto mt-10 grid max-w-4xl gap-8 md:grid-cols-2">
            <PlanCard plan="monthly" title="Monthly" perWord features={premiumBenefits} notes={<p>Cancel anytime.</p>}>
              <Link to="/premium-signup?plan=monthly" className={buttonClasses('primary', 'lg', 'w-full')}>
                Choose Monthly
              </Link>
            </PlanCard>
            <PlanCard
              plan="yearly"
              title="Annual"
              badge="BEST VALUE"
              perWord
              features={premiumBenefits}
              notes={
                <p>
                  <span className="rounded bg-accent-100 px-2 py-0.5 font-semibold text-accent-700">{planText.save}</span> against monthly. Cancel anytime.
                </p>
              }
            >
              <Link to="/premium-signup?plan=yearly" className={buttonClasses('accent', 'lg', 'w-full')}>
                Choose Annual
              </Link>
            </PlanCard>
          </div>
        </div>
      </section>
    </>
  );
}
