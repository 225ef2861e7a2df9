import type { AppContext } from './context';
import type { Feature } from './feature';
import { accountFeature } from './features/account/feature';
import { adminFeature } from './features/admin/feature';
import { alliesFeature } from './features/allies/feature';
import { authFeature } from './features/auth/feature';
import { bouncesFeature } from './features/bounces/feature';
import { checkupFeature } from './features/checkup/feature';
import { coachingFeature } from './features/coaching/feature';
import { contactFeature } from './features/contact/feature';
import { contentFeature } from './features/content/feature';
import type { ContentStore } from './features/content/store';
import { deliverabilityFeature } from './features/deliverability/feature';
import { editionsFeature } from './features/editions/feature';
import { eventsFeature } from './features/events/feature';
import { followUpsFeature } from './features/follow-ups/feature';
import { guidesFeature } from './features/guides/feature';
import { healthFeature } from './features/health/feature';
import { membershipFeature } from './features/membership/feature';
import { newsletterFeature } from './features/newsletter/feature';
import { offersFeature } from './features/offers/feature';
import { plansFeature } from './features/plans/feature';
import { premiumContentFeature } from './features/premium-content/feature';
import { searchFeature } from './features/search/feature';
import type { SearchService } from './features/search/service';
import { siteConfigFeature } from './features/site-config/feature';
import { teamCheckupFeature } from './features/team-checkup/feature';
import { teamsFeature } from './features/teams/feature';
import { webinarsFeature } from './features/webinars/feature';
import type { PersonalData } from './personal-data';
import type { PageBuilder } from './rendering/builder';

/** What app.ts gives every feature's routes and lookups; each feature takes the part it names. */
export interface AppServices {
  ctx: AppContext;
  /** The published pages, read once and again on every publish. */
  content: ContentStore;
  search: SearchService;
  builder: PageBuilder;
  /** Every feature's part of "Download my data" and of deleting an account, in the list's order (personalDataParts). */
  personalDataParts: readonly PersonalData[];
}

/**
 * Every server feature, each from its folder's feature.ts: app.ts registers their routes and
 * pages from this list, schedule.ts their jobs. A new feature is a line here.
 *
 * In the order the features' routes were first registered in. Nothing the site does depends on
 * it: the router matches a request by its path, whatever order the routes came in, and each page
 * is one feature's lookup (server/features.test.ts).
 */
export const features: readonly Feature<AppServices>[] = [
  healthFeature,
  siteConfigFeature,
  eventsFeature,
  authFeature,
  newsletterFeature,
  editionsFeature,
  bouncesFeature,
  contentFeature,
  contactFeature,
  guidesFeature,
  checkupFeature,
  followUpsFeature,
  searchFeature,
  membershipFeature,
  accountFeature,
  premiumContentFeature,
  webinarsFeature,
  coachingFeature,
  alliesFeature,
  adminFeature,
  offersFeature,
  teamsFeature,
  deliverabilityFeature,
  teamCheckupFeature,
  plansFeature,
];

/** The features' parts of a member's data (Feature.personalData), for the account's download and deletion and the admin's deletion. */
export const personalDataParts: readonly PersonalData[] = features.flatMap((feature) => (feature.personalData ? [feature.personalData] : []));
