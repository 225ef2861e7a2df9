import { clsx } from 'clsx';
import { BookOpen, ClipboardCheck, Compass, Crown, LayoutDashboard, Library, ListChecks, type LucideIcon, Users } from 'lucide-react';
import { apiPaths } from '#shared/api/paths';
import { CheckList } from '../../components/check-list';
import { NextActions, summaryTitle } from '../../components/plan-next-actions';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link } from '../../components/link';
import { formatDollars, plans } from '#shared/pricing';
import { premiumBenefits } from '#shared/premium/benefits';
import { site } from '#shared/site';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { afterToastShown, toast } from '../../components/ui/use-toast';
import { useAccess } from '../auth/use-access';
import { usePlans } from '../plans/api';
import { useTeam } from '../teams/use-team';
import { NewsletterSignup } from './newsletter-signup';

/** The logged-out redirect delay (docs/product.md §9, Timings). */
const LOGGED_OUT_REDIRECT_MS = 500;

/**
 * The member home on / (docs/product.md §2; docs/product.md (Decisions) "Home for newsletter-only visitors"): for
 * signed-in members and newsletter flag holders. If both the user and the flag disappear while
 * it is shown (the session ended, the flag was removed in another tab), it says so and sends
 * the person to sign in; the home page shows plain visitors the landing page, so this cannot loop.
 * `loading`: the account is still on its way; the shell shows the page's frame without names.
 */
export function MemberHome({ loading = false }: { loading?: boolean }) {
  const { user, newsletterFlag } = useAccess();
  const loggedOut = !loading && !user && !newsletterFlag;

  useEffect(() => {
    if (!loggedOut) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    return afterToastShown(() => window.location.assign(apiPaths.login), LOGGED_OUT_REDIRECT_MS);
  }, [loggedOut]);

  const isPremium = Boolean(user?.isPremium);
  // Seat holders take the Check-Up together; the link shows once their team is known. Asked only of
  // premium members (every seat holder is one): a free member's home asks the API for nothing but
  // the member (first-visit.spec.ts). A buyer without a seat finds it on /account's Team card.
  const team = useTeam(isPremium);
  const onTeam = Boolean(team.data?.team || team.data?.seatIn);
  const firstName = user?.firstName?.trim() || 'changemaker';
  // The active plans' next actions, asked once the member is known (the server draws the same home
  // for every member: the plans are never carried in it).
  const yourPlans = usePlans(Boolean(user));
  const activePlans = yourPlans.data ? [yourPlans.data.personal, yourPlans.data.team].filter((plan) => plan !== null) : [];

  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <span
            className={clsx(
              isPremium
                ? 'inline-flex items-center gap-1 rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-accent-700'
                : 'inline-flex items-center rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800',
              // Keeps the badge's place while the account loads.
              loading && 'invisible',
            )}
            aria-hidden={loading || undefined}
          >
            {isPremium && <Crown className="h-4 w-4" aria-hidden="true" />}
            {isPremium ? 'Premium Member' : 'Free Member'}
          </span>
          <h1 className="mt-3 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{loading ? 'Welcome!' : `Welcome, ${firstName}!`}</h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700">
            {isPremium ? 'Everything in the community is open to you. Here is where to pick up.' : 'Your free resources are unlocked. Here is where to start.'}
          </p>
          {user && (
            <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
              <Link to="/account" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700">
                Your account and membership
              </Link>
              <Link to="/checkup/progress" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700">
                Your Check-Up progress
              </Link>
              <Link to="/plans" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700">
                Your plans
              </Link>
              {onTeam && (
                <Link to="/team-checkup" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700">
                  Your Team Check-Up
                </Link>
              )}
            </p>
          )}
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10">
        {activePlans.length > 0 && (
          <section aria-labelledby="next-actions-heading" className="grid gap-4">
            <h2 id="next-actions-heading" className="flex items-center gap-2 font-serif text-2xl font-bold text-stone-900">
              <ListChecks className="h-6 w-6 text-brand-700" aria-hidden="true" />
              Your next actions
            </h2>
            <div className="grid gap-6 md:grid-cols-2">
              {activePlans.map((plan) => (
                <Card key={plan.id} className="grid content-start gap-3">
                  <h3 className="font-semibold text-stone-900 wrap-anywhere">{summaryTitle(plan)}</h3>
                  <NextActions actions={plan.next} />
                  <Link to={`/plans/${plan.id}`} className="justify-self-start font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700">
                    Open the plan
                  </Link>
                </Card>
              ))}
            </div>
          </section>
        )}
        <div className={isPremium ? 'grid gap-6 md:grid-cols-2' : 'grid gap-6 md:grid-cols-2 lg:grid-cols-3'}>
          {!isPremium && (
            <HomeCard icon={Compass} title="Getting Started">
              <ul className="grid gap-3">
                <StepLink to="/checkup" icon={ClipboardCheck} label="Take the Check-Up" note="20 questions, about 10 minutes" />
                <StepLink to="/field-guides" icon={BookOpen} label="Explore the Field Guides" note={`All ${site.fieldGuides} guides, free`} />
                <StepLink to="/start-here" icon={Compass} label="Read Start Here" note="How to get the most out of the community" />
              </ul>
            </HomeCard>
          )}
          <HomeCard icon={Library} title="Free Resources">
            <p className="text-stone-700">Templates, checklists and reading picked for nonprofit leaders, and the five field guides.</p>
            <div className="mt-auto flex flex-wrap gap-3 pt-5">
              <Link to="/resources" className={buttonClasses('primary', 'sm')}>
                Resources Library
              </Link>
              <Link to="/field-guides" className={buttonClasses('outline', 'sm')}>
                Field Guides
              </Link>
            </div>
          </HomeCard>
          {isPremium ? (
            <HomeCard icon={Crown} title="Your Premium Membership" accent>
              <CheckList items={premiumBenefits} tone="accent" className="text-stone-800" />
              <div className="mt-auto pt-5">
                <Link to="/premium-resources" className={buttonClasses('accent', 'sm')}>
                  Open Premium Resources
                </Link>
              </div>
            </HomeCard>
          ) : (
            <HomeCard icon={Crown} title="Go Premium" accent>
              <p className="text-stone-700">From {formatDollars(plans.monthly.amountCents)}/month:</p>
              <CheckList items={premiumBenefits} tone="accent" small className="mt-3 text-stone-800" />
              <div className="mt-auto pt-5">
                <Link to="/premium" className={buttonClasses('accent', 'sm')}>
                  Upgrade
                </Link>
              </div>
            </HomeCard>
          )}
        </div>

        <NewsletterSignup />

        {(isPremium || user?.isAdmin) && (
          <section aria-labelledby="member-dashboard-heading">
            <h2 id="member-dashboard-heading" className="font-serif text-2xl font-bold text-stone-900">
              Member Dashboard
            </h2>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              {isPremium && (
                <DashboardLink
                  to="/allies"
                  icon={Users}
                  title="Allies Directory"
                  text={`Search ${site.vettedAllies} vetted vendors by pillar, with member offers.`}
                />
              )}
              {user?.isAdmin && (
                <DashboardLink to="/admin" icon={LayoutDashboard} title="Admin Panel" text="Users, allies, signups, check-ups and contact messages." />
              )}
            </div>
          </section>
        )}
      </div>
    </>
  );
}

function HomeCard({ icon: Icon, title, accent, children }: { icon: LucideIcon; title: string; accent?: boolean; children: ReactNode }) {
  return (
    <Card className={accent ? 'flex flex-col border-accent-600/40' : 'flex flex-col'}>
      <h2 className="mb-4 flex items-center gap-2 font-serif text-xl font-bold text-stone-900">
        <Icon className={accent ? 'h-5 w-5 text-accent-700' : 'h-5 w-5 text-brand-700'} aria-hidden="true" />
        {title}
      </h2>
      {children}
    </Card>
  );
}

function StepLink({ to, icon: Icon, label, note }: { to: string; icon: LucideIcon; label: string; note: string }) {
  return (
    <li>
      <Link to={to} className="group flex gap-3 rounded-md p-2 -m-2 hover:bg-stone-100">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="block font-semibold text-brand-800 underline-offset-2 group-hover:underline">{label}</span>
          <span className="block text-sm text-stone-600">{note}</span>
        </span>
      </Link>
    </li>
  );
}

function DashboardLink({ to, icon: Icon, title, text }: { to: string; icon: LucideIcon; title: string; text: string }) {
  return (
    <Link to={to} className="group flex gap-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm hover:border-brand-600">
      <Icon className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        <span className="block text-lg font-semibold text-stone-900 group-hover:underline">{title}</span>
        <span className="mt-1 block text-stone-700">{text}</span>
      </span>
    </Link>
  );
}
