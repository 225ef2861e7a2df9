import { Card } from '../components/ui/card';
import { PreviewLayout } from '../features/previews/preview-layout';

const toolkits = [
  {
    name: 'Governance',
    text: 'A twelve-month board calendar, a consent agenda template, a conflict-of-interest policy and a one-hour executive director evaluation.',
    count: 4,
  },
  { name: 'Impact', text: 'A one-page logic model, a menu of 40 outcome indicators and a plain-language participant feedback survey.', count: 3 },
  { name: 'Finance', text: 'A 13-week cash-flow forecast, a monthly board finance dashboard and a reserve policy with a worked example.', count: 3 },
  { name: 'Operations', text: 'A systems inventory, standard operating procedure templates and a data protection checklist for small offices.', count: 3 },
  { name: 'Fundraising', text: 'A donor stewardship calendar, a thank-you call script for board members and a ten-week annual appeal planner.', count: 3 },
  { name: 'Funding', text: 'A grant pipeline tracker, a reusable proposal library and a guide to your first call with a program officer.', count: 3 },
];

/** /toolkits/preview: the six toolkits (docs/product.md §2). */
export default function ToolkitsPreviewPage() {
  return (
    <PreviewLayout
      eyebrow="Premium preview"
      title="Six toolkits you can use this week"
      intro={
        <p>
          Templates, checklists and scripts written for organizations with fewer than 50 staff and no specialist department. Copy them into your own documents
          and adapt them in an afternoon.
        </p>
      }
    >
      <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" data-testid="toolkits">
        {toolkits.map((toolkit) => (
          <li key={toolkit.name}>
            <Card className="h-full">
              <h2 className="text-xl font-semibold text-stone-900">{toolkit.name} Toolkit</h2>
              <p className="mt-1 text-sm font-semibold text-accent-700">{toolkit.count} templates</p>
              <p className="mt-3 text-stone-800">{toolkit.text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </PreviewLayout>
  );
}
