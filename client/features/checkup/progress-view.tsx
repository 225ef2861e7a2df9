import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { Link } from '../../components/link';
import type { GradedScore } from '#shared/checkup/grading';
import type { AttemptSummary, CheckupProgressPage, PillarProgress } from '#shared/checkup/progress';
import { pillarInfo, pillars } from '#shared/checkup/questions';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Confirm } from '../../components/ui/confirm';
import { PeerFigures, pillarPercents } from './peer-figures';
import { gradeColors } from './pillar-chart';
import { useSiteDates } from '../site/use-site-dates';

const score = (graded: GradedScore | null) => (graded ? `${graded.percent}% (${graded.grade})` : '–');

/**
 * /checkup/progress: every attempt, and per pillar the latest grade beside the previous and the
 * first with the change in words; the chart across attempts has the same figures in a real table
 * beside it, and every bar says its percent and grade in text (never colour alone); then where
 * the latest attempt stands among peers, as on its results page.
 */
export function ProgressView({ progress, onDelete, deleting }: { progress: CheckupProgressPage; onDelete: (id: string) => void; deleting: string | null }) {
  const attemptDate = useSiteDates().short;
  const { attempts } = progress;
  if (attempts.length === 0) {
    return (
      <Card className="text-center">
        <h2 className="font-serif text-2xl font-bold text-stone-900">No Check-Ups yet</h2>
        <p className="mt-3 text-stone-700">Take the Check-Up: 20 questions, about 10 minutes. Each time you take it again, your progress shows here.</p>
        <Link to="/checkup" className={buttonClasses('primary', 'md', 'mt-6')}>
          Take the Check-Up
        </Link>
      </Card>
    );
  }
  const newestFirst = [...attempts].reverse();
  return (
    // min-w-0 and the regions' `relative`: a wide table (and its screen-reader-only text) scrolls inside its card, never widening the page.
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <Card className="min-w-0">
        <h2 className="font-serif text-2xl font-bold text-stone-900">How each pillar has changed</h2>
        {attempts.length === 1 ? (
          <p className="mt-2 text-stone-700" data-testid="single-attempt">
            One Check-Up so far: no change to show yet. Take it again in a few months to see how each pillar moves.
          </p>
        ) : (
          <p className="mt-2 text-stone-700">Your latest Check-Up beside your first ({attemptDate(attempts[0]!.createdAt)}).</p>
        )}
        <ul className="mt-4 grid gap-2" aria-label="Change by pillar">
          {progress.pillars.map((pillar) => (
            <li key={pillar.pillar} className="rounded-md bg-stone-100 px-3 py-2 text-stone-900" data-pillar={pillar.pillar}>
              {pillar.summary}
            </li>
          ))}
        </ul>
        {attempts.length > 1 && <PillarTable pillars={progress.pillars} />}
      </Card>

      <Card className="min-w-0">
        <h2 className="font-serif text-2xl font-bold text-stone-900">Every attempt</h2>
        <OverallChart attempts={attempts} />
        <div className="relative mt-6 overflow-x-auto" role="region" aria-label="Every attempt, as a table" tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="attempts-table">
            <caption className="sr-only">Every Check-Up you took, newest first: the overall health score and each pillar's.</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3">
                  Overall
                </th>
                {pillars.map((p) => (
                  <th key={p} scope="col" className="py-2 pr-3">
                    {pillarInfo[p].name}
                  </th>
                ))}
                <th scope="col" className="py-2">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((attempt) => (
                <tr key={attempt.id} className="border-b border-stone-200" data-attempt={attempt.id}>
                  <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap">
                    <Link to={`/checkup/results/${attempt.id}`} className="text-brand-800 underline underline-offset-2 hover:text-brand-700">
                      {attemptDate(attempt.createdAt)}
                    </Link>
                  </th>
                  <td className="py-2 pr-3 font-semibold whitespace-nowrap">{score(attempt.overall)}</td>
                  {pillars.map((p) => (
                    <td key={p} className="py-2 pr-3 whitespace-nowrap">
                      {score(attempt.pillars[p])}
                    </td>
                  ))}
                  <td className="py-2">
                    <Confirm
                      title="Delete this Check-Up?"
                      description={`Your Check-Up of ${attemptDate(attempt.createdAt)} (${score(attempt.overall)} overall) is deleted for good, with its results link. Your other attempts stay.`}
                      confirmLabel="Delete it"
                      destructive
                      onConfirm={() => onDelete(attempt.id)}
                      trigger={
                        <button
                          type="button"
                          disabled={deleting === attempt.id}
                          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-red-700 hover:bg-red-50"
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                          <span className="sr-only">Delete the Check-Up of </span>
                          <span className="sr-only">{attemptDate(attempt.createdAt)}</span>
                        </button>
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      {/* Where the latest attempt stands among peers: the results page's own figures and words. */}
      <PeerFigures figures={progress.peers} yours={pillarPercents(attempts.at(-1)!)} />
    </div>
  );
}

function PillarTable({ pillars: rows }: { pillars: PillarProgress[] }) {
  return (
    <div className="relative mt-6 overflow-x-auto" role="region" aria-label="Pillars: first, previous and latest" tabIndex={0}>
      <table className="w-full text-left text-sm" data-testid="pillar-table">
        <caption className="sr-only">Each pillar's health score and grade: your first Check-Up, the one before the latest, and the latest.</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-3">
              Pillar
            </th>
            <th scope="col" className="py-2 pr-3">
              First
            </th>
            <th scope="col" className="py-2 pr-3">
              Previous
            </th>
            <th scope="col" className="py-2">
              Latest
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.pillar} className="border-b border-stone-200">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {row.name}
              </th>
              <td className="py-2 pr-3 whitespace-nowrap">{row.firstComparable ? score(row.first) : `${score(row.first)}, not comparable`}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{row.previousComparable ? score(row.previous) : `${score(row.previous)}, not comparable`}</td>
              <td className="py-2 font-semibold whitespace-nowrap">{score(row.latest)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The overall health score of each attempt as bars, oldest first; the table below holds the same figures. */
function OverallChart({ attempts }: { attempts: AttemptSummary[] }) {
  const attemptDate = useSiteDates().short;
  return (
    <figure className="mt-4">
      <figcaption className="text-sm text-stone-700">Overall health score at each attempt, oldest first: the longer the bar, the healthier.</figcaption>
      <ol className="mt-3 grid gap-2" data-testid="progress-chart">
        {attempts.map((attempt) => (
          <li key={attempt.id} className="grid grid-cols-[6.5rem_1fr_4.5rem] items-center gap-2 text-sm">
            <span className="font-semibold text-stone-900">{attemptDate(attempt.createdAt)}</span>
            <span className="h-4 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
              <span
                className={clsx('block h-full rounded-full', gradeColors[attempt.overall.grade].bar)}
                style={{ width: `${Math.max(attempt.overall.percent, 2)}%` }}
              />
            </span>
            <span className="text-right font-mono font-semibold text-stone-900">
              {attempt.overall.percent}% {attempt.overall.grade}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
