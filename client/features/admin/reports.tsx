import type { AdminCharts, AdminFunnel } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { FiguresTable } from './figures-table';
import { adminKey, useAdminQuery } from './use-admin';

const stepNames: Record<string, string> = {
  page_view: 'Page views',
  quiz_start: 'Check-Up started',
  quiz_complete: 'Check-Up completed',
  community_signup: 'Signup',
  premium_signup: 'Premium',
};

/**
 * A hand-written SVG bar chart (no chart library in the bundle): the picture is one labelled
 * image, and the same numbers are in a table right under it for screen readers and for copying.
 */
function BarChart({ title, bars }: { title: string; bars: { label: string; value: number }[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 520;
  const height = 140;
  const step = width / Math.max(1, bars.length);
  return (
    <figure className="grid gap-2">
      <figcaption className="font-semibold text-stone-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`}
        className="w-full max-w-xl"
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#a8a29e" />
        {bars.map((bar, i) => {
          const h = (bar.value / max) * (height - 10);
          return <rect key={bar.label} x={i * step + 1} y={height - h} width={Math.max(1, step - 2)} height={h} fill="#0f5e56" />;
        })}
        <text x="0" y={height + 16} fontSize="12" fill="#44403c">
          {bars[0]?.label}
        </text>
        <text x={width} y={height + 16} fontSize="12" fill="#44403c" textAnchor="end">
          {bars.at(-1)?.label}
        </text>
        <text x={width} y="12" fontSize="12" fill="#44403c" textAnchor="end">
          max {max}
        </text>
      </svg>
    </figure>
  );
}

/** A chart's figures as a table, folded away under the chart. */
function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: [string, ...(string | number)[]][] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">{caption}: table</summary>
      <FiguresTable caption={caption} headers={headers} rows={rows} className="relative mt-2 max-h-72" />
    </details>
  );
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '—');

export function Reports() {
  const charts = useAdminQuery<AdminCharts>(adminKey('charts'), adminApiPaths.adminCharts);
  const funnel = useAdminQuery<AdminFunnel>(adminKey('funnel'), adminApiPaths.adminFunnel);
  const weeks = charts.data?.weeks ?? [];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <section aria-labelledby="weekly-title" className="grid gap-4">
        <h2 id="weekly-title" className="font-serif text-xl font-bold text-stone-900">
          Per week, last 6 months
        </h2>
        {!charts.data && <p>Loading…</p>}
        {charts.data && (
          <>
            <div className="grid gap-6 lg:grid-cols-3">
              <BarChart title="Signups" bars={weeks.map((w) => ({ label: w.week, value: w.signups }))} />
              <BarChart title="Check-ups" bars={weeks.map((w) => ({ label: w.week, value: w.checkups }))} />
              <BarChart title="Premium conversions" bars={weeks.map((w) => ({ label: w.week, value: w.premium }))} />
            </div>
            <DataTable
              caption="Signups, check-ups and premium conversions per week"
              headers={['Week of', 'Signups', 'Check-ups', 'Premium']}
              rows={weeks.map((w) => [w.week, w.signups, w.checkups, w.premium])}
            />
          </>
        )}
      </section>
      <section aria-labelledby="pillars-title" className="grid gap-3">
        <h2 id="pillars-title" className="font-serif text-xl font-bold text-stone-900">
          Average Check-Up grade per pillar
        </h2>
        <ul className="grid gap-2">
          {charts.data?.pillars.map((p) => (
            <li key={p.pillar} className="grid grid-cols-[5rem_1fr_4.5rem] items-center gap-2 text-sm">
              <span className="font-semibold">{p.pillar}</span>
              <span className="h-3 rounded bg-stone-200" aria-hidden="true">
                <span className="block h-3 rounded bg-brand-700" style={{ width: `${p.grade ?? 0}%` }} />
              </span>
              <span>{p.grade == null ? 'No data' : `${p.grade}%`}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="funnel-title" className="grid gap-3">
        <h2 id="funnel-title" className="font-serif text-xl font-bold text-stone-900">
          Funnel, last 6 months
        </h2>
        {funnel.data && (
          <>
            <ol className="grid gap-2 sm:grid-cols-5">
              {funnel.data.steps.map((step, i) => (
                <li key={step} className="rounded-lg border border-stone-200 bg-white p-3">
                  <p className="text-sm text-stone-700">{stepNames[step] ?? step}</p>
                  <p className="text-2xl font-bold text-stone-900">{(funnel.data.totals[i] ?? 0).toLocaleString()}</p>
                  {i > 0 && <p className="text-sm text-stone-700">{percent(funnel.data.totals[i] ?? 0, funnel.data.totals[i - 1] ?? 0)} of the step before</p>}
                </li>
              ))}
            </ol>
            <DataTable
              caption="Funnel per week"
              headers={['Week of', ...funnel.data.steps.map((s) => stepNames[s] ?? s), 'Start → complete', 'Complete → signup', 'Signup → premium']}
              rows={funnel.data.weeks.map((w) => [
                w.week,
                ...w.counts,
                percent(w.counts[2] ?? 0, w.counts[1] ?? 0),
                percent(w.counts[3] ?? 0, w.counts[2] ?? 0),
                percent(w.counts[4] ?? 0, w.counts[3] ?? 0),
              ])}
            />
          </>
        )}
      </section>
    </div>
  );
}
