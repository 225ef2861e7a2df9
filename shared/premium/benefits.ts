import { replyTime } from '../contact/reply-time';
import { site } from '../site';

/**
 * What premium includes, in the one wording every place that describes premium uses: /auth's
 * premium card, /pricing, /premium, /subscribe, /premium-signup and the premium welcome email
 * (docs/product.md §1; decisions, "Premium texts agree everywhere").
 */
export const premiumBenefits = [
  `The Allies Directory: ${site.vettedAllies} vetted vendors`,
  'Expanded field guides and six toolkits',
  `The private Slack community (${site.communityMembers} members)`,
  'One 60-minute coaching session a month',
  'Monthly expert webinars and the recording library',
  `Priority support: a reply within ${replyTime(true)}`,
] as const;
