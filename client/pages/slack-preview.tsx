import { Hash } from 'lucide-react';
import { site } from '#shared/site';
import { Card } from '../components/ui/card';
import { PreviewLayout } from '../features/previews/preview-layout';

const channels = [
  { name: 'general', text: 'Announcements, introductions and the Monday thread: what is on your plate this week?' },
  { name: 'volunteer-management', text: 'Scheduling, recognition, retention, and how to handle the volunteer who needs a difficult conversation.' },
  { name: 'board-development', text: 'Recruiting, orienting and energising board members; bylaws and governance questions.' },
  { name: 'fundraising-wins', text: 'What worked, with numbers, so others can copy it. Celebrations very welcome.' },
  { name: 'finance-and-ops', text: 'Budgets, audits, payroll providers, insurance and the systems that keep the lights on.' },
  { name: 'hiring', text: 'Job descriptions, salary benchmarks, interview questions and, on Fridays, openings.' },
];

const sample = [
  { who: 'Executive director, food pantry', text: 'Our board wants a reserve policy by next month. Does anyone have one for an organization under $1M?' },
  {
    who: 'Finance lead, youth arts',
    text: 'Ours targets three months of operating costs, built up over four years. Sharing the template and how we pitched it to the board.',
  },
  {
    who: 'Operations manager, housing nonprofit',
    text: 'Same question last year. Tip: tie it to your cash-flow forecast so it is not just a number on paper.',
  },
];

/** /slack/preview: the private community's channels (docs/product.md §2). */
export default function SlackPreviewPage() {
  return (
    <PreviewLayout
      eyebrow="Premium preview"
      title="The private Slack community"
      intro={
        <p>
          {site.communityMembers} nonprofit leaders who answer each other's questions every day. Premium members get their invitation within 24 hours of
          joining.
        </p>
      }
    >
      <h2 className="font-serif text-2xl font-bold text-stone-900">Channels</h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-2" data-testid="channels">
        {channels.map((channel) => (
          <li key={channel.name}>
            <Card className="h-full">
              <h3 className="flex items-center gap-1 text-lg font-semibold text-stone-900">
                <Hash className="h-4 w-4 text-brand-700" aria-hidden="true" />
                {channel.name}
              </h3>
              <p className="mt-1 text-stone-700">{channel.text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <section aria-labelledby="thread-heading" className="mt-12">
        <h2 id="thread-heading" className="font-serif text-2xl font-bold text-stone-900">
          A typical thread in #finance-and-ops
        </h2>
        <ol className="mt-4 grid max-w-3xl gap-3">
          {sample.map((message) => (
            <li key={message.who} className="rounded-lg border border-stone-200 bg-white p-4">
              <p className="text-sm font-semibold text-stone-900">{message.who}</p>
              <p className="mt-1 text-stone-800">{message.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </PreviewLayout>
  );
}
