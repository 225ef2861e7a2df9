import type { PillarName } from '#shared/content/pillars';

export interface SampleAlly {
  name: string;
  tagline: string;
  category: PillarName;
  description: string;
  expertise: string[];
  website: string;
  rating: number;
  reviewCount: number;
  useCase: string;
  clientWin: string;
  pricing: string;
  peerReviews: { reviewer: string; comment: string }[];
}

/**
 * The static preview sample of the Allies Directory (docs/product.md §3, "Ally preview sample"):
 * illustrative vendors with masked websites. The real directory comes from the API, premium only.
 */
export const sampleAllies: SampleAlly[] = [
  {
    name: 'Ledgerlight Bookkeeping',
    tagline: 'Clean books and board-ready reports for nonprofits under $5M.',
    category: 'Fuel',
    description: 'Monthly bookkeeping, restricted-fund tracking and a one-page finance dashboard your treasurer can read in five minutes.',
    expertise: ['Fund accounting', 'Audit preparation', 'Grant expense tracking'],
    website: 'ledgerlight••••••.org',
    rating: 4.9,
    reviewCount: 38,
    useCase: 'A youth sports league whose grants were tracked in three spreadsheets.',
    clientWin: 'Closed the books in 8 days instead of 30 and passed its first audit with no findings.',
    pricing: 'From $450/month; member offer: first month free',
    peerReviews: [
      { reviewer: 'Executive director, food bank', comment: 'Our board finally understands our cash position.' },
      { reviewer: 'Finance manager, arts nonprofit', comment: 'They caught a grant we were underspending before the funder did.' },
    ],
  },
  {
    name: 'Open Door HR Partners',
    tagline: 'Fractional HR for teams of 5 to 75.',
    category: 'Humans',
    description: 'Handbooks, compensation benchmarks, investigations and manager coaching, without a full-time HR hire.',
    expertise: ['Employee handbooks', 'Salary benchmarking', 'Manager training'],
    website: 'opendoor••••••.com',
    rating: 4.8,
    reviewCount: 27,
    useCase: 'A housing nonprofit growing from 12 to 30 staff in a year.',
    clientWin: 'Cut first-year turnover from 40% to 15% with structured onboarding and pay bands.',
    pricing: 'From $900/month retainer; member offer: free handbook review',
    peerReviews: [
      { reviewer: 'CEO, community health center', comment: 'Like having an HR director on speed dial.' },
      { reviewer: 'Operations lead, literacy program', comment: 'Practical, kind and fast on the hard cases.' },
    ],
  },
  {
    name: 'Signal Path IT',
    tagline: 'Managed IT and security that speaks plain English.',
    category: 'Gears',
    description: 'Device management, backups, Microsoft 365 or Google Workspace administration and a security baseline for small offices.',
    expertise: ['Cybersecurity basics', 'Cloud migration', 'Help desk'],
    website: 'signalpath••••••.net',
    rating: 4.7,
    reviewCount: 41,
    useCase: 'A legal aid clinic holding sensitive client files on personal laptops.',
    clientWin: 'Moved every file to managed storage with two-factor sign-in in six weeks.',
    pricing: 'From $35 per user/month; member offer: free security assessment',
    peerReviews: [
      { reviewer: 'Director, legal aid clinic', comment: 'We sleep better. Their quarterly report is one page.' },
      { reviewer: 'Office manager, environmental group', comment: 'Answers the phone, fixes it, explains it.' },
    ],
  },
  {
    name: 'Northstar Evaluation Co.',
    tagline: 'Measure what matters, without a research department.',
    category: 'Impact',
    description: 'Logic models, outcome indicators, participant surveys and evaluation reports funders trust.',
    expertise: ['Program evaluation', 'Survey design', 'Impact reporting'],
    website: 'northstar••••••.org',
    rating: 4.9,
    reviewCount: 19,
    useCase: 'A mentoring program asked by its largest funder for outcome data.',
    clientWin: 'Built a 6-indicator dashboard that helped renew a three-year grant.',
    pricing: 'Projects from $3,500; member offer: free 90-minute scoping workshop',
    peerReviews: [
      { reviewer: 'Program director, mentoring nonprofit', comment: 'They made evaluation useful for us, not just for funders.' },
      { reviewer: 'ED, refugee services', comment: 'Clear, respectful of participants, on time.' },
    ],
  },
  {
    name: 'Harvest Grants Studio',
    tagline: 'Grant research and writing with a pipeline you can see.',
    category: 'Fuel',
    description: 'Prospect research, proposal writing and a shared pipeline tracker, from letters of inquiry to final reports.',
    expertise: ['Foundation research', 'Proposal writing', 'Grant reporting'],
    website: 'harvestgrants••••••.com',
    rating: 4.6,
    reviewCount: 33,
    useCase: 'A rural health nonprofit dependent on one government contract.',
    clientWin: 'Added four new foundation funders worth 22% of the budget in 18 months.',
    pricing: 'From $75/hour or monthly retainers; member offer: free prospect list of 15 funders',
    peerReviews: [
      { reviewer: 'Development director, rural health', comment: 'The pipeline view alone changed how our board talks about money.' },
      { reviewer: 'ED, after-school program', comment: 'Honest about fit: they told us which grants not to chase.' },
    ],
  },
  {
    name: 'Compass Strategy Collective',
    tagline: 'Strategic plans people actually use.',
    category: 'Future',
    description: 'Facilitated planning, scenario work and board retreats that end with a one-page plan and owners for every goal.',
    expertise: ['Strategic planning', 'Board retreats', 'Scenario planning'],
    website: 'compass••••••.co',
    rating: 4.8,
    reviewCount: 22,
    useCase: 'A museum whose previous 40-page plan sat in a drawer.',
    clientWin: 'A one-page plan with quarterly reviews: 9 of 11 goals met in year one.',
    pricing: 'Engagements from $6,000; member offer: 10% off',
    peerReviews: [
      { reviewer: 'Board chair, regional museum', comment: 'The best retreat our board has had in a decade.' },
      { reviewer: 'CEO, workforce nonprofit', comment: 'They kept us focused on the three decisions that mattered.' },
    ],
  },
];
