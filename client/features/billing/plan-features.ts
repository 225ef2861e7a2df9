import { site } from '#shared/site';

/** What every premium plan includes (docs/product.md §1), listed on the plan cards. */
export const premiumFeatures = [
  `The Allies Directory: ${site.vettedAllies} vetted vendors`,
  'Expanded field guides and six toolkits',
  `The private Slack community (${site.communityMembers} members)`,
  'One 60-minute coaching session a month',
  'Monthly expert webinars and the recording library',
  'Priority support',
] as const;
