import { clsx } from 'clsx';
import type { Grade, GradedResult } from '#shared/checkup/grading';
import { pillarInfo, pillars } from '#shared/checkup/questions';

/** Grade colours, each at least 3:1 against the bar's track and 4.5:1 as text on white. */
export const gradeColors: Record<Grade, { bar: string; text: string }> = {
  A: { bar: 'bg-brand-700', text: 'text-brand-800' },
  B: { bar: 'bg-brand-600', text: 'text-brand-700' },
  C: { bar: 'bg-accent-600', text: 'text-accent-700' },
  D: { bar: 'bg-red-700', text: 'text-red-700' },
};

/**
 * The five pillar results as a bar chart that is also a real data table: screen readers get
 * the rows and columns, everyone else sees the bars. No chart library (bundle budget).
 */
export function PillarChart({ result }: { result: GradedResult }) {
  return (
    <table className="w-full border-separate border-spacing-y-3 text-left">
      <caption className="mb-1 text-left text-sm text-stone-700">Health score by pillar: the longer the bar, the healthier the pillar.</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Pillar</th>
          <th scope="col">Health score</th>
          <th scope="col">Grade</th>
        </tr>
      </thead>
      <tbody>
        {pillars.map((pillar) => {
          const { percent, grade, label } = result.pillars[pillar];
          return (
            <tr key={pillar} data-pillar={pillar}>
              <th scope="row" className="w-20 pr-3 align-middle text-sm font-semibold text-stone-900 sm:w-28 sm:text-base">
                {pillarInfo[pillar].name}
              </th>
              <td className="align-middle">
                <div className="flex items-center gap-3">
                  <div className="h-4 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                    <div className={clsx('h-full rounded-full', gradeColors[grade].bar)} style={{ width: `${Math.max(percent, 2)}%` }} />
                  </div>
                  <span className="w-11 text-right font-mono text-sm font-semibold text-stone-900">{percent}%</span>
                </div>
              </td>
              <td className="w-10 pl-3 text-center align-middle">
                <span className={clsx('font-serif text-xl font-bold', gradeColors[grade].text)} title={label}>
                  {grade}
                </span>
                <span className="sr-only">, {label}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
