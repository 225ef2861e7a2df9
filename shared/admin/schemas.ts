import { type SubscriberStatus, subscriberStatuses } from '../newsletter/schemas';
import { type BounceKind, type BounceSource, bounceKinds } from '../newsletter/bounces';
import { z } from '../zod';
import { DEFAULT_SORT, pageQueryFields } from './page-query';
import { instant } from '../date-fields';
import type { AllySubmission } from '../allies/schemas';
import { grantLengths } from '../membership/grant-lengths';

/** The admin lists of docs/product.md §7, each paginated, searchable and sortable on the server. */
export const adminLists = ['users', 'newsletters', 'signups', 'checkups', 'allies', 'contacts', 'audit', 'bounces', 'suppressions'] as const;
export type AdminList = (typeof adminLists)[number];

/** The columns each list may be sorted by; `-column` sorts descending. Anything else is a 400. */
export const adminSortKeys = {
  users: ['createdAt', 'email', 'lastName'],
  newsletters: ['createdAt', 'email', 'name'],
  signups: ['createdAt', 'email', 'signupType'],
  checkups: ['createdAt', 'email', 'score'],
  allies: ['createdAt', 'name', 'category'],
  contacts: ['createdAt', 'email', 'status'],
  audit: ['createdAt'],
  bounces: ['createdAt', 'email'],
  suppressions: ['createdAt', 'email'],
} as const satisfies Record<AdminList, readonly string[]>;

/** The query string of a list: `?search=&page=&pageSize=&sort=` plus an optional status filter. */
export function listQuerySchema<L extends AdminList>(list: L) {
  return z
    .object({
      ...pageQueryFields(adminSortKeys[list], DEFAULT_SORT),
      ...(list === 'allies' ? { status: z.enum(['pending', 'approved']).optional() } : {}),
      ...(list === 'contacts' ? { status: z.enum(['new', 'contacted', 'resolved']).optional() } : {}),
      ...(list === 'bounces' ? { status: z.enum(bounceKinds, { error: `status must be one of: ${bounceKinds.join(', ')}` }).optional() } : {}),
      ...(list === 'newsletters'
        ? { status: z.enum(subscriberStatuses, { error: `status must be one of: ${subscriberStatuses.join(', ')}` }).optional() }
        : {}),
    })
    .strict();
}

export interface ListQuery {
  search: string;
  page: number;
  pageSize: number;
  sort: string;
  status?: string;
}

export const idParamsSchema = z.object({ id: z.uuid('id must be a UUID') }).strict();

/** The calls of docs/product.md §7 without a payload accept none: an unexpected field is a 400. */
export const emptyBodySchema = z.object({}).strict();

export const setAdminSchema = z.object({ isAdmin: z.boolean({ message: 'isAdmin must be true or false' }) }).strict();
/**
 * Turning premium off for a member who pays needs `endSubscription`: end the membership now, or
 * at the end of the paid period (premium lasts until then). Without it the answer is 409.
 */
export const endSubscriptionChoices = ['now', 'period_end'] as const;
/**
 * Granting premium may say for how long (`grantFor`, decision 052): without it, the grant has no
 * end, as the switch always did. Given again to a member on a grant, it sets a new end from now.
 */
export const setPremiumSchema = z
  .object({
    isPremium: z.boolean({ message: 'isPremium must be true or false' }),
    endSubscription: z.enum(endSubscriptionChoices, { message: 'endSubscription must be now or period_end' }).optional(),
    grantFor: z.enum(grantLengths, { message: 'grantFor must be 1_week, 1_month, 6_months, 1_year or without_end' }).optional(),
  })
  .strict()
  .refine((body) => !(body.grantFor && !body.isPremium), { message: 'grantFor is only for granting premium (isPremium true)', path: ['grantFor'] });
export const contactStatuses = ['new', 'contacted', 'resolved'] as const;
export const setContactStatusSchema = z.object({ status: z.enum(contactStatuses, { message: 'status must be new, contacted or resolved' }) }).strict();
export const setOutreachSchema = z.object({ completed: z.boolean({ message: 'completed must be true or false' }) }).strict();
export const setHiddenSchema = z.object({ hidden: z.boolean({ message: 'hidden must be true or false' }) }).strict();

/** The client's local midnight and first of the month (docs/product.md §9), as ISO instants. */
export const summaryQuerySchema = z
  .object({
    todayStart: instant('todayStart').optional(),
    monthStart: instant('monthStart').optional(),
  })
  .strict();

export interface Page<T> {
  items: T[];
  total: number;
  /** True when the total of a large unfiltered list is PostgreSQL's estimate (decision 017). */
  estimated: boolean;
  page: number;
  pageSize: number;
}

export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  isAdmin: boolean;
  isPremium: boolean;
  createdAt: string;
  /** An admin's grant (decision 052): when it ends, null without end; null without a grant. */
  premiumGrant: { endsAt: string | null } | null;
}
export interface Outreach {
  outreachCompleted: boolean;
  outreachDate: string | null;
}
export interface AdminNewsletter extends Outreach {
  id: string;
  name: string;
  email: string;
  organization: string;
  createdAt: string;
  /** docs/product.md §9: a user with the same email means 'Upgraded to Premium'. */
  upgraded: boolean;
  /** Whether editions go to it. */
  status: SubscriberStatus;
}
export interface AdminSignup {
  id: string;
  name: string;
  email: string;
  organization: string;
  signupType: string;
  createdAt: string;
}
export interface AdminCheckup extends Outreach {
  id: string;
  email: string;
  score: number;
  totalScore: number;
  categoryScores: Record<string, number>;
  createdAt: string;
  questionSetVersion: number;
  /** 1 for the organisation's first attempt (the account, else the address), 2 for its second… */
  attemptNumber: number;
}
/** The whole submission (AllySubmission's fields less the honeypot) and the columns only admins see. */
export interface AdminAlly extends Omit<AllySubmission, 'fax'> {
  id: string;
  description: string;
  services: string;
  phone: string;
  approved: boolean;
  lastVerifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface AdminContact extends Outreach {
  id: string;
  name: string;
  email: string;
  organization: string;
  contactType: string;
  subject: string;
  message: string;
  status: (typeof contactStatuses)[number];
  /** From a signed-in premium member: priority support. */
  premium: boolean;
  createdAt: string;
}
export interface AuditEntry {
  id: number;
  adminId: string;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, string | number | boolean | null>;
  createdAt: string;
}

/** What came back about one copy of an edition (decision 043). */
export interface AdminBounce {
  id: number;
  email: string;
  editionId: string;
  editionTitle: string;
  kind: BounceKind;
  status: string;
  diagnostic: string;
  source: BounceSource;
  createdAt: string;
}
/** An address editions no longer go to, and why. */
export interface AdminSuppression {
  id: string;
  email: string;
  reason: string;
  createdAt: string;
}

export interface AdminSummary {
  totalUsers: number;
  premiumUsers: number;
  checkups: number;
  newsletters: number;
  pendingAllies: number;
  contacts: number;
  newContacts: number;
  today: { premium: number; newsletter: number; quiz: number; allies: number };
  thisMonth: number;
  /** True when a large table's total is PostgreSQL's estimate. */
  estimated: boolean;
}

export interface ActivityItem {
  kind: 'premium' | 'newsletter' | 'quiz' | 'ally';
  id: string;
  label: string;
  detail: string;
  createdAt: string;
}

export interface WeeklyCount {
  week: string;
  signups: number;
  checkups: number;
  premium: number;
}
export interface AdminCharts {
  weeks: WeeklyCount[];
  /** Average pillar grade in percent (docs/product.md §9 formula), null without any check-up. */
  pillars: { pillar: string; grade: number | null }[];
}

export const funnelSteps = ['page_view', 'quiz_start', 'quiz_complete', 'community_signup', 'premium_signup'] as const;
export interface FunnelWeek {
  week: string;
  counts: number[];
}
export interface AdminFunnel {
  steps: readonly string[];
  weeks: FunnelWeek[];
  totals: number[];
}
