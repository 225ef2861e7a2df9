import { type PillarName, pillars as sitePillars } from '../content/pillars';

/** The Check-Up's 20 statements, 4 per pillar. Answers run 1 'Not true at all' to 4 'Totally true'; a higher answer means more dysfunction. */
export type Pillar = Uppercase<PillarName>;
/** The Check-Up names each pillar in capitals (stored in results as such), in the pillars' order. */
export const pillars: readonly Pillar[] = sitePillars.map((pillar) => pillar.name.toUpperCase() as Pillar);
export interface Question {
  id: number;
  category: Pillar;
  text: string;
}

/** How each pillar is named and described (docs/product.md §3's category descriptions), and its field guide. */
export const pillarInfo = Object.fromEntries(
  sitePillars.map((pillar) => [
    pillar.name.toUpperCase(),
    { name: pillar.name, description: pillar.about[0]!.toUpperCase() + pillar.about.slice(1), guideSlug: pillar.slug },
  ]),
) as Record<Pillar, { name: PillarName; description: string; guideSlug: string }>;

/** The four answers, exactly as docs/product.md §3 labels them. */
export const answerOptions = [
  { value: 1, label: 'Not true at all' },
  { value: 2, label: 'A little true' },
  { value: 3, label: 'Mostly true' },
  { value: 4, label: 'Totally true' },
] as const;
export type AnswerValue = (typeof answerOptions)[number]['value'];

export const questions: readonly Question[] = [
  { id: 1, category: 'IMPACT', text: "We can't clearly explain how our programs lead to the change we promise funders." },
  { id: 2, category: 'IMPACT', text: "Our reports mostly count activities, like people served or events held, rather than real changes in people's lives." },
  { id: 3, category: 'IMPACT', text: 'We collect program data, but we rarely use it to change how we actually work.' },
  { id: 4, category: 'IMPACT', text: 'We keep running some programs mainly because we always have, not because we know they work.' },
  { id: 5, category: 'HUMANS', text: 'Our staff regularly work nights and weekends just to keep up, and vacation days often go unused.' },
  { id: 6, category: 'HUMANS', text: 'New hires mostly figure things out on their own because we have no real onboarding plan.' },
  { id: 7, category: 'HUMANS', text: 'Feedback here mostly happens at annual reviews, or after something has already gone wrong.' },
  { id: 8, category: 'HUMANS', text: 'Our board meetings are mostly status updates, with little real discussion or decision-making.' },
  { id: 9, category: 'FUEL', text: 'If our largest funder stopped giving tomorrow, we would be in serious trouble within a few months.' },
  { id: 10, category: 'FUEL', text: "We have less than three months of operating expenses in reserve, or we honestly don't know the number." },
  { id: 11, category: 'FUEL', text: "Many of our first-time donors never give again, or we don't track donor retention well enough to know." },
  { id: 12, category: 'FUEL', text: 'Grant deadlines regularly sneak up on us, and proposals get written at the last minute.' },
  { id: 13, category: 'GEARS', text: 'Critical tasks like payroll or gift processing depend on one person, and the steps are not written down.' },
  { id: 14, category: 'GEARS', text: "Our donor and client data is scattered across spreadsheets, inboxes, and people's heads." },
  { id: 15, category: 'GEARS', text: 'Our key accounts, like email and banking, are not protected with multi-factor authentication.' },
  { id: 16, category: 'GEARS', text: 'Our monthly financial reports are often late, incomplete, or hard to trust.' },
  { id: 17, category: 'FUTURE', text: "We have no current strategic plan, or it sits in a drawer and doesn't guide our budget or decisions." },
  { id: 18, category: 'FUTURE', text: 'A sudden change in funding or demand would catch us with no backup plan.' },
  { id: 19, category: 'FUTURE', text: 'If our executive director left suddenly, nobody would know who leads or what happens next.' },
  { id: 20, category: 'FUTURE', text: "We rarely try new ideas or explore partnerships because we're too busy keeping up with today." },
];
