import { type CheckupScores, gradeScores } from '#shared/checkup/grading';
import { budgetBandLabel, type PeerFigures as Figures } from '#shared/checkup/organisation';
import { type Pillar, pillarInfo, pillars } from '#shared/checkup/questions';
import { Card } from '../../components/ui/card';
import { useSiteDates } from '../site/use-site-dates';

export interface PeerFiguresProps {
  /** The stored figures that came with the page's data (null: no group is big enough, and nothing is shown). */
  figures: Figures | null;
  /** The organisation's own health percent per pillar, shown beside the peers' when given. */
  yours?: Record<Pillar, number>;
  /** The heading's level where the component is placed. */
  headingLevel?: 2 | 3;
}

/** A result's health percent per pillar, as `yours` takes it. */
export function pillarPercents(scores: Pick<CheckupScores, 'totalScore' | 'categoryScores'>): Record<Pillar, number> {
  const graded = gradeScores(scores);
  return Object.fromEntries(pillars.map((pillar) => [pillar, graded.pillars[pillar].percent])) as Record<Pillar, number>;
}

/** Which organisations the figures describe, in words: the band's, or all of them and why. */
function groupText({ group, budgetBand, organisations }: Figures): string {
  const count = organisations.toLocaleString('en-US');
  if (group === 'band') return `Compared with ${count} organisations with an annual budget of ${budgetBandLabel(budgetBand!)}.`;
  if (budgetBand)
    return `Compared with all ${count} organisations: fewer than 10 with an annual budget of ${budgetBandLabel(budgetBand)} have taken the Check-Up so far.`;
  return `Compared with all ${count} organisations (no annual budget was given with this Check-Up).`;
}

function standing(yours: number, { p25, p75 }: { p25: number; p75: number }): string {
  if (yours > p75) return 'Above the middle half';
  if (yours < p25) return 'Below the middle half';
  return 'Within the middle half';
}

/**
 * Where a result stands among peers (docs/decisions/040-checkup-peers.md): per pillar the peers'
 * median and middle half (25th to 75th percentile), as a table in words and numbers; colour is
 * never the only carrier. Each organisation counts once, by its latest Check-Up in the last 24 months.
 */
export function PeerFigures({ figures, yours, headingLevel = 2 }: PeerFiguresProps) {
  const computed = useSiteDates().long(figures?.computedAt ?? new Date(0));
  if (!figures) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card>
      <section aria-labelledby="peer-figures" data-testid="peer-figures">
        <Heading id="peer-figures" className="font-serif text-xl font-semibold">
          Where you stand among peers
        </Heading>
        <p className="mt-2 text-sm text-stone-700">
          {groupText(figures)} Each organisation counts once, by its latest Check-Up in the last 24 months. Figures of {computed}.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Health score by pillar: yours, the peers&apos; median and the middle half of peers (25th to 75th percentile)</caption>
          <thead>
            <tr className="border-b border-stone-300 text-stone-700">
              <th scope="col" className="py-2 pr-1 font-semibold whitespace-nowrap sm:pr-2">
                Pillar
              </th>
              {yours && (
                <th scope="col" className="px-1 py-2 text-right font-semibold whitespace-nowrap sm:px-2">
                  You
                </th>
              )}
              <th scope="col" className="px-1 py-2 text-right font-semibold whitespace-nowrap sm:px-2">
                Median
              </th>
              <th scope="col" className="py-2 pl-1 text-right font-semibold whitespace-nowrap sm:pl-2">
                Middle half
              </th>
            </tr>
          </thead>
          <tbody>
            {pillars.map((pillar) => {
              const spread = figures.pillars[pillar];
              return (
                <tr key={pillar} data-peer-pillar={pillar} className="border-b border-stone-200 last:border-0">
                  <th scope="row" className="py-2 pr-1 font-semibold whitespace-nowrap text-stone-900 sm:pr-2">
                    {pillarInfo[pillar].name}
                  </th>
                  {yours && (
                    <td className="px-1 py-2 text-right text-stone-900 tabular-nums sm:px-2">
                      {yours[pillar]}%<span className="block text-xs text-stone-700">{standing(yours[pillar], spread)}</span>
                    </td>
                  )}
                  <td className="px-1 py-2 text-right text-stone-900 tabular-nums sm:px-2">{spread.median}%</td>
                  <td className="py-2 pl-1 text-right whitespace-nowrap text-stone-900 tabular-nums sm:pl-2">
                    {spread.p25}% to {spread.p75}%
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
