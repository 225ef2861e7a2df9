import { CalendarCheck, Clock, MessageSquareText, Phone } from 'lucide-react';
import { Card } from '../components/ui/card';
import { PreviewLayout } from '../features/previews/preview-layout';

const details = [
  {
    icon: Clock,
    title: '60 minutes, every month',
    text: 'One session a month is included in your membership. Sessions do not carry over, so book early in the month.',
  },
  { icon: Phone, title: 'By video or phone', text: 'Whichever suits your day. No software to install for video: a link arrives with your booking.' },
  {
    icon: CalendarCheck,
    title: 'Book in two minutes',
    text: 'Pick a time that works, then write two or three sentences about what you want to leave the session with.',
  },
  {
    icon: MessageSquareText,
    title: 'A written summary',
    text: 'Within one business day you receive the actions you agreed, so the next session picks up where you left off.',
  },
];

const topics = [
  'A decision you keep postponing: restructuring a role, closing a program, saying no to a funder',
  'Preparing for a hard conversation with a board chair, a major donor or a team member',
  'Your first 90 days in a new executive role',
  'Choosing the one pillar to work on this quarter, starting from your Check-Up results',
];

/** /coaching/preview: the session details (docs/product.md §2). */
export default function CoachingPreviewPage() {
  return (
    <PreviewLayout
      eyebrow="Premium preview"
      title="One-on-one coaching"
      intro={<p>A monthly hour with an experienced nonprofit coach, for the decisions that are hard to talk through with your own team or board.</p>}
    >
      <ul className="grid gap-5 md:grid-cols-2" data-testid="session-details">
        {details.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <Icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-stone-900">{title}</h2>
              <p className="mt-1 text-stone-700">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <section aria-labelledby="topics-heading" className="mt-12 max-w-3xl">
        <h2 id="topics-heading" className="font-serif text-2xl font-bold text-stone-900">
          What members bring to coaching
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-stone-800">
          {topics.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ul>
        <p className="mt-6 text-stone-700">
          What you discuss stays between you and your coach: nothing is shared with your board, your funders or the community.
        </p>
      </section>
    </PreviewLayout>
  );
}
