import * as Accordion from '@radix-ui/react-accordion';
import { clsx } from 'clsx';
import { BookOpen, ChevronDown } from 'lucide-react';
import { Link } from '../../components/link';
import type { GradedResult } from '#shared/checkup/grading';
import { insightFor } from '#shared/checkup/insights';
import { pillarInfo, pillars } from '#shared/checkup/questions';
import { PillarAlliesLink } from '../allies/pillar-allies-link';
import { gradeColors } from './pillar-chart';

/**
 * One expandable section per pillar, only one open at a time (docs/product.md §2): what the grade
 * means, three next steps and the pillar's field guide.
 */
export function PillarInsights({ result }: { result: GradedResult }) {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
      {pillars.map((pillar) => {
        const { name, description, guideSlug } = pillarInfo[pillar];
        const graded = result.pillars[pillar];
        const insight = insightFor(pillar, graded.grade);
        return (
          <Accordion.Item key={pillar} value={pillar}>
            <Accordion.Header className="m-0">
              <Accordion.Trigger className="group flex w-full items-center gap-4 px-4 py-4 text-left hover:bg-stone-50 sm:px-6">
                <span aria-hidden="true" className={clsx('w-8 shrink-0 text-center font-serif text-2xl font-bold', gradeColors[graded.grade].text)}>
                  {graded.grade}
                </span>
                <span className="flex-1">
                  <span className="block font-semibold text-stone-900">{name}</span>
                  <span className="block text-sm text-stone-700">
                    Grade {graded.grade}, {graded.label}, {graded.percent}%
                  </span>
                </span>
                <ChevronDown
                  className="h-5 w-5 shrink-0 text-stone-600 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-6 sm:px-6">
              <p className="text-sm font-medium uppercase tracking-wide text-stone-600">{description}</p>
              <h4 className="mt-4 font-semibold text-stone-900">What this means</h4>
              <p className="mt-1 text-stone-800">{insight.meaning}</p>
              <h4 className="mt-4 font-semibold text-stone-900">Next steps</h4>
              <ul className="mt-1 list-disc space-y-1 pl-6 text-stone-800">
                {insight.nextSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
              <Link
                to={`/field-guide/${guideSlug}`}
                className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                <BookOpen className="h-4 w-4" aria-hidden="true" />
                Read the {name} Field Guide
              </Link>
              {/* A weak pillar (grade C or D) also points to the vendors who help with it. */}
              {(graded.grade === 'C' || graded.grade === 'D') && <PillarAlliesLink pillar={name} about={description} />}
            </Accordion.Content>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}
