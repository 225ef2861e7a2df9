import { pillars } from './content/pillars';
import { formatDollars, teamPlans } from './pricing';
import type { RouteMeta } from './routes';
import { site } from './site';

/** A route's title and description: the head tags the server writes and the client keeps up to date. */
export interface RouteHead {
  title: string;
  description: string;
}

const guideHeads = Object.fromEntries(
  pillars.map((pillar) => [
    `/field-guide/${pillar.slug}`,
    {
      title: `The ${pillar.name} Field Guide`,
      description: `The ${pillar.name} field guide for nonprofit leaders: ${pillar.about}. Practical sections, checklists and questions to ask.`,
    },
  ]),
);

/** Every route's head, by its path in routes.ts (routes.test.ts checks that each has one). */
export const routeHeads: Readonly<Record<string, RouteHead>> = {
  '/': {
    title: `${site.name}: resources and community for nonprofit leaders`,
    description:
      'Free field guides, a 10-minute organisational Check-Up, The Weekly Dish newsletter and a premium community with vetted vendors for nonprofit leaders.',
  },
  '/auth': {
    title: 'Sign in or create your free account',
    description: 'Sign in to your account or create a free one to unlock all five field guides, the Check-Up and the resources library.',
  },
  '/reset-password': { title: 'Reset your password', description: 'Choose a new password for your account.' },
  '/verify-email': { title: 'Confirm your email', description: 'Confirm that this email address is yours.' },
  '/newsletter': {
    title: 'Get The Weekly Dish, free',
    description: 'Join The Weekly Dish: one short email every Tuesday morning with trends, spotlights and tips for nonprofit leaders. Free.',
  },
  '/free-resources': {
    title: 'Free resources for nonprofit leaders',
    description: 'Sign up free to unlock all five field guides, the essential resources library and The Weekly Dish newsletter.',
  },
  '/create-profile': {
    title: 'Create your free profile',
    description: 'Create your free profile to unlock the field guides and resources for nonprofit leaders.',
  },
  '/start-here': {
    title: 'Start here: about the community',
    description: 'Who we are, who this is for and how to get the most out of the field guides, the Check-Up, the resources library and the community.',
  },
  '/resources': {
    title: 'Resources library for nonprofit leaders',
    description: 'Checklists, templates and worksheets for nonprofit leaders, grouped by the five pillars: Impact, Humans, Fuel, Gears and Future.',
  },
  '/search': {
    title: 'Search',
    description: 'Search the field guides, resources, editions of The Weekly Dish, webinars and the Allies Directory.',
  },
  '/checkup': {
    title: 'The nonprofit Check-Up: a 10-minute health assessment',
    description: 'Twenty honest questions across the five pillars. Get a grade for your organisation and each pillar, with what to read next.',
  },
  '/checkup/results/:id': {
    title: 'Your Check-Up results',
    description: 'Your organisational Check-Up results: your overall grade, each pillar and what to read next.',
  },
  '/checkup/progress': {
    title: 'Your Check-Up progress',
    description: 'Every Check-Up you took, and how each pillar has moved since your first: grades, changes in words and a chart.',
  },
  '/checkup/confirm': { title: 'Add a Check-Up to your progress', description: 'Say whether a Check-Up taken with your email address is yours.' },
  '/checkup/reminders': { title: 'Check-Up reminders', description: 'Stop the emails that offer a retake of the Check-Up, in one click.' },
  '/contact': { title: 'Contact us', description: 'Questions, partnerships, media or feedback: write to the team. We reply within 1-2 business days.' },
  '/field-guides': {
    title: 'The five field guides',
    description: 'Five practical field guides for nonprofit leaders, one per pillar: Impact, Humans, Fuel, Gears and Future.',
  },
  '/five-pillars': {
    title: 'The five pillars of a healthy nonprofit',
    description: 'Impact, Humans, Fuel, Gears and Future: the five pillars we use to look at the health of a nonprofit.',
  },
  '/weekly-dish/:slug': { title: 'The Weekly Dish', description: 'An edition of The Weekly Dish, the free Tuesday newsletter for nonprofit leaders.' },
  '/weekly-dish-thanks': { title: 'Thanks for telling us', description: 'Your answer to “Was this useful?” was counted, with nothing that says who you are.' },
  '/unsubscribe': { title: 'Unsubscribe from The Weekly Dish', description: 'Stop receiving The Weekly Dish.' },
  '/preferences': { title: 'Email preferences', description: 'Choose which emails you get from us.' },
  '/follow-ups/unsubscribe': { title: 'Stop Check-Up follow-ups', description: 'Stop the emails that follow up on your Check-Up results.' },
  '/newsletter/confirm': { title: 'Confirm your subscription', description: 'Confirm that you want The Weekly Dish at this address.' },
  '/weekly-dish': {
    title: 'The Weekly Dish newsletter',
    description: 'The Weekly Dish: global trends, org spotlights and monthly tips for nonprofit leaders, every Tuesday morning. About 5 minutes, free.',
  },
  '/privacy-policy': { title: 'Privacy Policy', description: 'What we collect, why, how long we keep it and the choices you have.' },
  '/terms-of-service': {
    title: 'Terms of Service',
    description: 'The terms for using the site and the premium membership: billing, cancellation and community conduct.',
  },
  '/cookie-policy': { title: 'Cookie Policy', description: 'The cookies and local storage we use, how long they last and how to control them.' },
  '/pricing': {
    title: 'Pricing: premium membership',
    description: 'Premium membership for nonprofit leaders: $19/month or $190/year. The Allies Directory, coaching, webinars and the private Slack community.',
  },
  '/teams': {
    title: 'Team plans: premium for your whole team',
    description: `Buy premium seats for your team: ${formatDollars(teamPlans.monthly.perSeatCents)} per seat a month or ${formatDollars(teamPlans.yearly.perSeatCents)} a year. Invite people by email; add or remove seats anytime.`,
  },
  '/premium': {
    title: 'Premium membership',
    description:
      'Everything in premium: the Allies Directory of 50+ vetted vendors, monthly coaching, expert webinars, toolkits and the private Slack community.',
  },
  '/premium-resources': {
    title: 'Premium resources',
    description: 'The premium resources: expanded field guides, toolkits, webinar recordings, the Slack community and coaching.',
  },
  '/webinars': {
    title: 'Premium webinars',
    description: 'Monthly expert webinars for nonprofit leaders: sign up, join live, and find every recording in the library. Part of premium membership.',
  },
  '/coaching': {
    title: 'One-on-one coaching',
    description: 'Book your monthly 60-minute session with an experienced nonprofit coach. Part of premium membership.',
  },
  '/premium-signup': { title: 'Start your premium membership', description: 'Choose monthly or yearly and start your premium membership.' },
  '/allies/preview': {
    title: 'Preview: the Allies Directory',
    description: 'A preview of the Allies Directory: vetted vendors for nonprofits with peer reviews, pricing and contact details.',
  },
  '/field-guides/preview': {
    title: 'Preview: the expanded field guides',
    description: 'A preview of the expanded premium field guides, with a sample leadership pipeline.',
  },
  '/toolkits/preview': {
    title: 'Preview: premium toolkits',
    description: 'A preview of the premium toolkits: governance, impact, finance, operations, fundraising and funding.',
  },
  '/slack/preview': { title: 'Preview: the Slack community', description: 'A preview of the private Slack community of 500+ nonprofit leaders.' },
  '/coaching/preview': {
    title: 'Preview: one-on-one coaching',
    description: 'A preview of premium coaching: one 60-minute session a month by video or phone.',
  },
  '/welcome': { title: 'Welcome!', description: 'Welcome to the community: your free resources are unlocked.' },
  '/premium-welcome': { title: 'Welcome to premium!', description: 'Your premium membership is active: here is everything you have unlocked.' },
  '/allies/submit': {
    title: 'Become an Ally: submit your profile',
    description: 'Vendors serving nonprofits: submit your profile for the Allies Directory. We review every submission within 3-5 business days.',
  },
  '/allies/submit/success': { title: 'Submission received', description: 'Thanks for applying to the Allies Directory.' },
  '/admin-setup': { title: 'Admin setup', description: 'Grant the first administrator account.' },
  '/allies': { title: 'The Allies Directory', description: 'The premium directory of vetted vendors for nonprofits.' },
  '/subscribe': { title: 'Subscribe to premium', description: 'Set up your premium subscription.' },
  '/premium-success': { title: 'Thank you for going premium', description: 'Your premium membership is active.' },
  '/account': { title: 'Your account', description: 'Your membership, password and data: renew, cancel, download or delete.' },
  '/account/receipts/:id': { title: 'Receipt', description: 'A receipt for your premium membership.' },
  '/checkout/local/:id': { title: 'Checkout', description: 'Pay for your premium membership.' },
  '/team/join/:token': { title: 'Join a team plan', description: 'Accept an invitation to a team plan and get premium through your team.' },
  '/team-checkup': {
    title: 'Team Check-Up',
    description: 'Take the Check-Up as a team: one picture of your organisation, and where your people see it differently.',
  },
  '/team-checkup/rounds/:id': { title: 'Team Check-Up round', description: 'Who has answered, reminders, the closing date.' },
  '/team-checkup/rounds/:id/result': {
    title: "Your team's Check-Up result",
    description: 'One picture of your organisation from several people, and where you disagree.',
  },
  '/team-checkup/answer/:token': { title: 'Answer the team Check-Up', description: "The Check-Up's 20 statements, answered for your organisation." },
  '/team-checkup/answer/:token/result': {
    title: "Your team's Check-Up result",
    description: 'One picture of your organisation from several people, and where you disagree.',
  },
  '/plans': { title: 'Your plans', description: "Your plan and your team's: priorities, actions with owners and dates, and whether it worked." },
  '/plans/new': { title: 'Make a plan', description: 'Turn your weakest pillars into actions with an owner and a date.' },
  '/plans/:id': { title: 'Your plan', description: 'Priorities, actions with owners and dates, and what changed since the plan began.' },
  '/admin': { title: 'Admin dashboard', description: 'Run the site: users, newsletter, signups, check-ups, allies and contact messages.' },
  ...guideHeads,
};

export const headOf = (route: RouteMeta): RouteHead => routeHeads[route.path]!;

export function pageTitle(meta: { title: string }, path: string): string {
  return path === '/' ? meta.title : `${meta.title} | ${site.name}`;
}
