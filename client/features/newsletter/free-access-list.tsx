import { BookOpen, ClipboardCheck, Library, Mail } from 'lucide-react';
import { site } from '#shared/site';

const unlocks = [
  {
    icon: BookOpen,
    title: `All ${site.fieldGuides} Field Guides`,
    text: 'Impact, Humans, Fuel, Gears and Future: practical guides for every part of your organisation.',
  },
  { icon: ClipboardCheck, title: 'The Check-Up', text: 'A 20-question health assessment across the five pillars, about 10 minutes, with a grade for each.' },
  { icon: Library, title: 'The resources library', text: 'Checklists, templates and worksheets you can put to work this week.' },
  { icon: Mail, title: 'The Weekly Dish', text: 'Our free newsletter, every Tuesday morning, about 5 minutes to read.' },
];

/** What free access unlocks, shown beside the quick sign-up forms. */
export function FreeAccessList() {
  return (
    <ul className="grid gap-4">
      {unlocks.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-lg border border-stone-200 bg-white p-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold text-stone-900">{title}</h3>
            <p className="mt-1 text-sm text-stone-700">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
