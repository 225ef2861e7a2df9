import { Link } from '../components/link';
import { pillars } from '#shared/content/pillars';
import { Card } from '../components/ui/card';
import { PreviewLayout } from '../features/previews/preview-layout';

const expanded: Record<string, string> = {
  impact: 'A 90-minute theory-of-change workshop agenda and an indicator menu you can use without new software.',
  humans: 'The leadership pipeline in four stages, with a succession worksheet for your leadership team.',
  fuel: 'A rolling 13-week cash-flow forecast and the trigger points that tell you when to call the treasurer.',
  gears: 'A one-afternoon systems audit: what to keep, what to cancel and where your data is at risk.',
  future: 'Scenario planning without a consultant: four futures and the moves that pay off in all of them.',
};

const pipeline = [
  {
    stage: 'Spot',
    text: 'Once a year, map every key role: who could cover it tomorrow, and who could grow into it within two years. The gaps are your biggest leadership risk.',
  },
  { stage: 'Stretch', text: 'Give each emerging leader one real responsibility above their job for a quarter, with success written down in advance.' },
  { stage: 'Support', text: 'Meet monthly for half an hour about the decisions they made, not the tasks they did, so judgment grows along with skills.' },
  { stage: 'Step up', text: 'Write a short emergency succession plan for every leadership role: who acts, with what authority and for how long.' },
];

/** /field-guides/preview: the five guides and a sample leadership pipeline of four stages (docs/product.md §2). */
export default function FieldGuidesPreviewPage() {
  return (
    <PreviewLayout
      eyebrow="Premium preview"
      title="The expanded field guides"
      intro={
        <p>
          The five free field guides tell you what good looks like. The expanded chapters show how to get there, with worked examples and worksheets built for a
          staff or board meeting.
        </p>
      }
    >
      <h2 className="font-serif text-2xl font-bold text-stone-900">What each guide adds</h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {pillars.map((pillar) => (
          <li key={pillar.slug}>
            <Card className="h-full">
              <h3 className="text-lg font-semibold text-stone-900">{pillar.name}</h3>
              <p className="text-sm text-stone-600">{pillar.about}</p>
              <p className="mt-3 text-stone-800">{expanded[pillar.slug]}</p>
              <Link to={`/field-guide/${pillar.slug}`} className="mt-3 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2">
                Read the free {pillar.name} guide
              </Link>
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="pipeline-heading" className="mt-14">
        <h2 id="pipeline-heading" className="font-serif text-2xl font-bold text-stone-900">
          Sample: the leadership pipeline
        </h2>
        <p className="mt-2 max-w-3xl text-stone-700">
          From the expanded Humans guide. Most small nonprofits depend on one or two people who cannot be replaced at short notice. A pipeline spreads that risk
          in four stages.
        </p>
        <ol className="mt-6 grid gap-4 md:grid-cols-4" data-testid="pipeline">
          {pipeline.map(({ stage, text }, index) => (
            <li key={stage} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
              <p className="text-sm font-semibold text-accent-700">Stage {index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-stone-900">{stage}</h3>
              <p className="mt-2 text-sm text-stone-800">{text}</p>
            </li>
          ))}
        </ol>
      </section>
    </PreviewLayout>
  );
}
