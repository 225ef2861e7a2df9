import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Home, Library, TrendingUp, Mail, UserPlus } from 'lucide-react';
import { Link } from '../../components/link';
import { type CheckupScores, gradeScores, lowestPillars } from '#shared/checkup/grading';
import type { PeerFigures as Figures } from '#shared/checkup/organisation';
import { type Pillar, pillarInfo, pillars } from '#shared/checkup/questions';
import { Card } from '../../components/ui/card';
import { useAccess } from '../auth/use-access';
import { gradeColors, PillarChart } from './pillar-chart';
import { PeerFigures, pillarPercents } from './peer-figures';
import { PillarInsights } from './pillar-insights';

const createProfile = '/create-profile';
const newsletterPage = '/newsletter';
const nextLinks = [
  { to: '/resources', icon: Library, title: 'Browse the resources library', text: 'Checklists, templates and worksheets for every pillar.' },
  { to: createProfile, icon: UserPlus, title: 'Create your free profile', text: 'Keep your access to the field guides and resources.' },
  { to: newsletterPage, icon: Mail, title: 'Get The Weekly Dish', text: 'One short email every Tuesday morning, free.' },
  { to: '/', icon: Home, title: 'Back to home', text: 'Everything else the community offers.' },
];

/** A member's Check-Ups over time: every attempt of theirs is kept. */
const progressLink = { to: '/checkup/progress', icon: TrendingUp, title: 'See your progress', text: 'Every Check-Up you took, and how each pillar has moved.' };

/**
 * The results of a Check-Up (docs/product.md §2), shared by the quiz's last step and the results
 * page: the overall grade, the pillar chart, where the result stands among peers (when the stored
 * result came with figures), what each pillar's grade means, and where to go next.
 */
export function ResultsView({ scores, peers }: { scores: Pick<CheckupScores, 'totalScore' | 'categoryScores'>; peers: Figures | null }) {
  const result = gradeScores(scores);
  const { grade, label, percent } = result.overall;
  const lowest = lowestPillars(result);
  // A signed-in member already has the profile the link offers; whoever signed up in this browser
  // (the Check-Up's email step does) already gets The Weekly Dish.
  const { user, newsletterFlag } = useAccess();
  const offered = nextLinks.filter((link) => !(user && link.to === createProfile) && !(newsletterFlag && link.to === newsletterPage));
  const links = user ? [progressLink, ...offered] : offered;

  return (
    <div className="grid gap-10">
      <section aria-labelledby="overall-grade" className="grid gap-6 md:grid-cols-[1fr_1.4fr]">
        <Card className="flex flex-col items-center justify-center text-center" data-testid="overall-grade">
          <h2 id="overall-grade" className="text-sm font-semibold uppercase tracking-wide text-stone-700">
            Overall grade
          </h2>
          <p className={clsx('mt-2 font-serif text-7xl font-bold leading-none', gradeColors[grade].text)}>{grade}</p>
          <p className="mt-3 font-serif text-xl font-semibold text-stone-900">{label}</p>
          <p className="mt-1 text-stone-700">Health score {percent}%</p>
        </Card>
        <Card>
          <h2 className="font-serif text-xl font-semibold">Your five pillars</h2>
          <PillarChart result={result} />
          <StartWith lowest={lowest} percent={result.pillars[lowest[0]!].percent} />
        </Card>
      </section>

      {peers && <PeerFigures figures={peers} yours={pillarPercents(scores)} />}

      <section aria-labelledby="pillar-meaning">
        <h2 id="pillar-meaning" className="font-serif text-2xl font-semibold">
          What your results mean
        </h2>
        <p className="mt-1 mb-4 text-stone-700">Open a pillar to see what its grade means, three next steps and its field guide.</p>
        <PillarInsights result={result} />
      </section>

      <section aria-labelledby="keep-going">
        <h2 id="keep-going" className="font-serif text-2xl font-semibold">
          Keep going
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {links.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link to={to} className="flex h-full items-start gap-3 rounded-lg border border-stone-200 bg-white p-4 hover:border-brand-600 hover:bg-brand-50">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span>
                  <span className="block font-semibold text-brand-800">{title}</span>
                  <span className="block text-sm text-stone-700">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const guideLink = (pillar: Pillar) => (
  <Link
    key={pillar}
    to={`/field-guide/${pillarInfo[pillar].guideSlug}`}
    className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
  >
    the {pillarInfo[pillar].name} Field Guide
  </Link>
);

/** "A", "A and B", "A, B and C". */
function joined(items: ReactNode[]) {
  return items.map((item, i) => (
    <span key={i}>
      {i > 0 && (i === items.length - 1 ? ' and ' : ', ')}
      {item}
    </span>
  ));
}

/** Where to start: the lowest-scoring pillar, or every pillar tied at the lowest score (never two picked out of a tie). */
function StartWith({ lowest, percent }: { lowest: Pillar[]; percent: number }) {
  if (lowest.length === pillars.length) {
    return (
      <p className="mt-2 text-sm text-stone-700">
        All five pillars score the same ({percent}%): start with the{' '}
        <Link to="/field-guides" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          field guide
        </Link>{' '}
        of the pillar that matters most to you now.
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-stone-700">
      Start with {joined(lowest.map(guideLink))}: {lowest.length === 1 ? 'your lowest-scoring pillar' : `your lowest-scoring pillars, tied at ${percent}%`}.
    </p>
  );
}
