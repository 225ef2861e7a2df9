import { inArray } from 'drizzle-orm';
import type { AllyCategory } from '#shared/allies/schemas';
import type { Database } from '../../db/client';
import { allies } from './schema';

interface SampleAlly {
  name: string;
  category: AllyCategory;
  tagline: string;
  howTheyHelp: string;
  whatMakesDifferent: string;
  traction: string;
  offerForMembers: string;
  vibeCheck: string;
  website: string;
  email: string;
  phone: string;
  /** Days since an admin last verified the listing. */
  verifiedDaysAgo: number;
}

/**
 * Fictional but realistic vendor profiles, three or four per pillar, for development, demos and
 * evaluation. Their websites use the reserved .example domain so no real company is implied.
 */
export const sampleAllies: readonly SampleAlly[] = [
  {
    name: 'Outcome Compass',
    category: 'Impact',
    tagline: 'Impact measurement that program staff actually use.',
    howTheyHelp:
      'We help small and mid-sized nonprofits design a logic model, choose five to eight outcome indicators and set up simple data collection in the tools they already have.',
    whatMakesDifferent:
      'Every engagement ends with a one-page impact dashboard your board can read in two minutes, and staff trained to keep it up to date without us.',
    traction: '140+ nonprofits served since 2017, including 30 community health organisations.',
    offerForMembers: 'A free 60-minute evaluation readiness review and 15% off any measurement framework project.',
    vibeCheck: 'Former program directors who hate jargon and love a good spreadsheet.',
    website: 'outcomecompass.example',
    email: 'hello@outcomecompass.example',
    phone: '(503) 555-0142',
    verifiedDaysAgo: 12,
  },
  {
    name: 'StoryLoop Media',
    category: 'Impact',
    tagline: 'Impact stories and annual reports told with dignity.',
    howTheyHelp: 'Interview-led storytelling, short documentary videos and annual reports that connect your numbers to the people behind them.',
    whatMakesDifferent: 'Participants review and approve their own stories before anything is published, and keep the right to withdraw them.',
    traction: 'Produced 80 annual reports and 200+ short films for food banks, shelters and youth programs.',
    offerForMembers: 'One free story-gathering workshop for your team (virtual, 2 hours).',
    vibeCheck: 'Warm, patient and allergic to poverty porn.',
    website: 'https://storyloop.example',
    email: 'studio@storyloop.example',
    phone: '',
    verifiedDaysAgo: 40,
  },
  {
    name: 'Civic Data Collective',
    category: 'Impact',
    tagline: 'Community data and mapping for place-based nonprofits.',
    howTheyHelp: 'We combine census, public health and your own service data into maps and neighbourhood profiles that show where need is greatest.',
    whatMakesDifferent: 'A worker-owned cooperative that publishes its methods openly and prices on a sliding scale by budget size.',
    traction: 'Maps used in 60+ successful grant applications and two city-wide needs assessments.',
    offerForMembers: 'A free community profile for one service area.',
    vibeCheck: 'Nerdy, generous and happiest when a map changes a funding decision.',
    website: 'civicdatacollective.example',
    email: 'maps@civicdatacollective.example',
    phone: '(612) 555-0187',
    verifiedDaysAgo: 75,
  },
  {
    name: 'Kindred HR Partners',
    category: 'Humans',
    tagline: 'Fractional HR for nonprofits with 5 to 150 staff.',
    howTheyHelp: 'Handbooks, compensation bands, performance conversations and compliance checks, delivered by a named HR partner a few days a month.',
    whatMakesDifferent: 'Flat monthly pricing with no hourly surprises, and an equity review built into every compensation project.',
    traction: 'Supporting 45 nonprofits on retainer; 92% renew after their first year.',
    offerForMembers: 'A free HR compliance check and your first month at half price.',
    vibeCheck: 'Calm in a crisis, honest when it is uncomfortable.',
    website: 'kindredhr.example',
    email: 'partners@kindredhr.example',
    phone: '(720) 555-0133',
    verifiedDaysAgo: 8,
  },
  {
    name: 'Volunteer Harbor',
    category: 'Humans',
    tagline: 'Volunteer scheduling and recognition in one simple app.',
    howTheyHelp: 'Online sign-ups, shift reminders by text, hour tracking and automatic thank-you notes for volunteer programs of any size.',
    whatMakesDifferent: 'Free for organisations with fewer than 50 volunteers, and volunteers never need to download an app.',
    traction: '2,300 nonprofits and 410,000 volunteers scheduled last year.',
    offerForMembers: 'Six months of the Pro plan free, including onboarding.',
    vibeCheck: 'Cheerful software built by former volunteer coordinators.',
    website: 'https://volunteerharbor.example',
    email: 'support@volunteerharbor.example',
    phone: '',
    verifiedDaysAgo: 22,
  },
  {
    name: 'Leading Well Coaching',
    category: 'Humans',
    tagline: 'Leadership coaching for executive directors and rising managers.',
    howTheyHelp: 'One-to-one coaching, leadership team retreats and a twelve-week program for first-time managers.',
    whatMakesDifferent: 'All coaches have led nonprofits themselves, and sessions focus on sustainable workloads as much as performance.',
    traction: '300+ leaders coached; partner of two regional nonprofit associations.',
    offerForMembers: 'A free chemistry session and 20% off a six-month coaching package.',
    vibeCheck: 'Direct, kind and big believers in taking your vacation days.',
    website: 'leadingwell.example',
    email: 'coach@leadingwell.example',
    phone: '(404) 555-0119',
    verifiedDaysAgo: 130,
  },
  {
    name: 'GrantBridge Consulting',
    category: 'Fuel',
    tagline: 'Grant research and writing with a 60% success rate.',
    howTheyHelp: 'Prospect research, grant calendars and full proposal writing for foundation, corporate and government grants.',
    whatMakesDifferent: 'We never work on commission, and we teach your team to reuse every proposal section we write.',
    traction: '$48M raised for clients since 2015 across 600+ proposals.',
    offerForMembers: 'A free prospect list of 25 funders matched to your mission.',
    vibeCheck: 'Deadline-proof writers who read the funder guidelines twice.',
    website: 'grantbridge.example',
    email: 'proposals@grantbridge.example',
    phone: '(312) 555-0176',
    verifiedDaysAgo: 5,
  },
  {
    name: 'GiveStream',
    category: 'Fuel',
    tagline: 'Online giving pages and recurring donations with low fees.',
    howTheyHelp: 'Donation forms, peer-to-peer campaigns and monthly giving programs that plug into your donor database.',
    whatMakesDifferent: 'A flat 1.9% platform fee, donors can cover the fees in one click, and you own all donor data.',
    traction: '$120M processed for 5,000 nonprofits in 2024.',
    offerForMembers: 'No platform fee for your first 90 days.',
    vibeCheck: 'Fintech people who chose to work for the good guys.',
    website: 'https://givestream.example',
    email: 'nonprofits@givestream.example',
    phone: '',
    verifiedDaysAgo: 30,
  },
  {
    name: 'Ledgerwise Nonprofit Accounting',
    category: 'Fuel',
    tagline: 'Outsourced bookkeeping, audits-ready books and fractional CFOs.',
    howTheyHelp: 'Monthly bookkeeping, restricted fund tracking, audit preparation, budgets and board-ready financial reports.',
    whatMakesDifferent: 'Specialists in fund accounting only: no for-profit clients, and your books close by the 10th of each month.',
    traction: '180 clients; every client audit in the last three years came back clean.',
    offerForMembers: 'A free financial health review of your last 12 months.',
    vibeCheck: 'Meticulous accountants who explain things in plain English.',
    website: 'ledgerwise.example',
    email: 'hello@ledgerwise.example',
    phone: '(617) 555-0150',
    verifiedDaysAgo: 60,
  },
  {
    name: 'Major Gifts Lab',
    category: 'Fuel',
    tagline: 'Build a major gifts program from your first 20 donors.',
    howTheyHelp: 'Donor portfolio reviews, moves management coaching and board fundraising training.',
    whatMakesDifferent: 'Coaching is done alongside your real donor meetings, not in theory, with weekly 30-minute check-ins.',
    traction: 'Clients grow major gift revenue by 38% on average in the first year.',
    offerForMembers: 'A free board fundraising workshop (90 minutes, virtual).',
    vibeCheck: 'Relationship people who believe asking is a gift.',
    website: 'majorgiftslab.example',
    email: 'team@majorgiftslab.example',
    phone: '',
    verifiedDaysAgo: 18,
  },
  {
    name: 'Nimbus Nonprofit IT',
    category: 'Gears',
    tagline: 'Managed IT, security and tech support for nonprofit offices.',
    howTheyHelp: 'Help desk, device management, backups, cybersecurity training and help applying for technology donations.',
    whatMakesDifferent: 'We make sure you claim every nonprofit software discount and grant before recommending anything you pay for.',
    traction: '95 nonprofit clients; average help desk response under 15 minutes.',
    offerForMembers: 'A free security assessment and a phishing training session for your staff.',
    vibeCheck: 'Patient techies who never make you feel silly for asking.',
    website: 'nimbusit.example',
    email: 'help@nimbusit.example',
    phone: '(206) 555-0198',
    verifiedDaysAgo: 3,
  },
  {
    name: 'CaseBook CRM',
    category: 'Gears',
    tagline: 'Client case management built for human services.',
    howTheyHelp: 'Intake forms, case notes, referrals and outcome reports for funders, all in one secure system.',
    whatMakesDifferent: 'HIPAA-ready out of the box, and reports map directly to common government funder templates.',
    traction: 'Used by 700 agencies to manage 1.2 million client records.',
    offerForMembers: 'Free data migration from spreadsheets or your old system.',
    vibeCheck: 'Built with caseworkers in the room, not just engineers.',
    website: 'https://casebookcrm.example',
    email: 'sales@casebookcrm.example',
    phone: '',
    verifiedDaysAgo: 45,
  },
  {
    name: 'Streamline Ops Studio',
    category: 'Gears',
    tagline: 'Automations that give your team back ten hours a week.',
    howTheyHelp: 'We map your recurring admin work and automate it with the tools you have: forms, spreadsheets, email and your CRM.',
    whatMakesDifferent: 'Fixed-price sprints of two weeks, with every automation documented so anyone on staff can change it.',
    traction: '250 automations delivered; clients report 8-12 hours saved per week.',
    offerForMembers: 'A free 45-minute process mapping session.',
    vibeCheck: 'Tidy-minded problem solvers who get excited about checklists.',
    website: 'streamlineops.example',
    email: 'hi@streamlineops.example',
    phone: '(737) 555-0124',
    verifiedDaysAgo: 95,
  },
  {
    name: 'North Star Strategy Group',
    category: 'Future',
    tagline: 'Strategic plans you will still be using in year three.',
    howTheyHelp: 'Facilitated strategic planning with staff, board and community input, ending in a one-page plan and a quarterly review rhythm.',
    whatMakesDifferent: 'We stay for the first two quarterly reviews at no extra cost, so the plan becomes a habit.',
    traction: '110 strategic plans facilitated for nonprofits from $500K to $20M budgets.',
    offerForMembers: '10% off planning projects and a free board retreat agenda template.',
    vibeCheck: 'Big-picture thinkers with a practical streak.',
    website: 'northstarstrategy.example',
    email: 'plan@northstarstrategy.example',
    phone: '(919) 555-0161',
    verifiedDaysAgo: 27,
  },
  {
    name: 'Succession Ready',
    category: 'Future',
    tagline: 'Leadership transitions without the crisis.',
    howTheyHelp: 'Emergency succession plans, executive search and interim executive directors for planned and sudden departures.',
    whatMakesDifferent: 'Search committees get a diverse slate of candidates or the search is extended at no charge.',
    traction: '75 executive searches completed; 90% of placed leaders still in role after three years.',
    offerForMembers: 'A free emergency succession plan template and a 30-minute review of yours.',
    vibeCheck: 'Steady hands when everything feels uncertain.',
    website: 'successionready.example',
    email: 'transitions@successionready.example',
    phone: '',
    verifiedDaysAgo: 50,
  },
  {
    name: 'Boardwise Governance',
    category: 'Future',
    tagline: 'Board training and governance check-ups.',
    howTheyHelp: 'Board self-assessments, bylaws reviews, committee design and onboarding programs for new board members.',
    whatMakesDifferent: 'Short, practical sessions held during your regular board meetings rather than extra weekend retreats.',
    traction: '400+ boards trained across 30 states.',
    offerForMembers: 'A free board self-assessment with a summary report.',
    vibeCheck: 'Former board chairs who know meetings can be fun.',
    website: 'https://boardwise.example',
    email: 'boards@boardwise.example',
    phone: '(202) 555-0105',
    verifiedDaysAgo: 15,
  },
];

/** Adds the samples that are not there yet (by name), approved. Run only on purpose: the seed command or demo mode. */
export async function seedSampleAllies(db: Database, now = new Date()): Promise<number> {
  const existing = await db
    .select({ name: allies.name })
    .from(allies)
    .where(
      inArray(
        allies.name,
        sampleAllies.map((a) => a.name),
      ),
    );
  const have = new Set(existing.map((r) => r.name));
  const missing = sampleAllies.filter((a) => !have.has(a.name));
  if (missing.length === 0) return 0;
  await db.insert(allies).values(
    missing.map(({ verifiedDaysAgo, ...ally }) => ({
      ...ally,
      description: ally.tagline,
      services: ally.howTheyHelp,
      submitterName: 'Sample data',
      submitterEmail: ally.email,
      approved: true,
      lastVerifiedAt: new Date(now.getTime() - verifiedDaysAgo * 86_400_000),
    })),
  );
  return missing.length;
}
