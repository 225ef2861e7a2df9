import { type AnyColumn, and, count, desc, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_SORT } from '#shared/admin/page-query';
import type { AdminList, ListQuery, Page } from '#shared/admin/schemas';
import type { SubscriberStatus } from '#shared/newsletter/schemas';
import type { Database } from '../../db/client';
import { adminAuditLog, mailSuppressions, users } from '../../db/schema';
import { allies } from '../allies/schema';
import { editionBounces } from '../bounces/schema';
import { checkupResults } from '../checkup/schema';
import { contactMessages } from '../contact/schema';
import { newsletterEditions } from '../editions/schema';
import { memberships } from '../membership/schema';
import { communitySignups, newsletterSignups } from '../newsletter/schema';
import { liveStatuses } from '../../payment-providers/provider';
import { addressesWithAccounts } from '../../users-repo';
import { GRANT_PROVIDER } from '../membership/membership';
import { hasSignupStatus, signupStatus } from '../newsletter/repo';
import { ESTIMATE_ABOVE, offsetOf, orderBy, searchCondition, tableCount } from './list-query';

/** What a list needs to know: its table, what it returns, where a search looks and what it sorts by. */
export interface ListSpec {
  table: PgTable;
  fields: Record<string, PgColumn | SQL>;
  id: PgColumn;
  search: AnyColumn[];
  sort: Record<string, PgColumn>;
  filter?: (status: string) => SQL;
  /** Rows that come first in the default order (newest first), whatever else is asked. */
  pinned?: SQL;
  /** Adds computed fields to the rows of one page (a handful of indexed lookups, never per table row). */
  decorate?: (db: Database, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** The same computed fields for the CSV export: SQL evaluated per exported row, or a column of `exportJoin`'s table. */
  exportExtras?: Record<string, SQL | PgColumn>;
  /**
   * A table joined to every exported row (a left join: a row without its match gets empty cells).
   * Its column is read once a row, where a subquery in a cell ran once for each check of the cell.
   */
  exportJoin?: { table: PgTable; on: SQL };
}

/** docs/product.md §9: 'Upgraded to Premium' when a user has the same email, one indexed IN lookup per page. */
async function markUpgraded(db: Database, rows: Record<string, unknown>[]) {
  const upgraded = await addressesWithAccounts(
    db,
    rows.map((row) => String(row.email).toLowerCase()),
  );
  return rows.map((row) => ({ ...row, upgraded: upgraded.has(String(row.email).toLowerCase()) }));
}

/** A grant beside each member on one (decision 052): the Users tab says until when, and offers to change it. */
async function markGrants(db: Database, rows: Record<string, unknown>[]) {
  const ids = rows.map((row) => String(row.id));
  const found = ids.length
    ? await db
        .select({ userId: memberships.userId, endsAt: memberships.currentPeriodEnd })
        .from(memberships)
        .where(and(inArray(memberships.userId, ids), eq(memberships.provider, GRANT_PROVIDER), inArray(memberships.status, [...liveStatuses])))
    : [];
  const grants = new Map(found.map((row) => [row.userId, { endsAt: row.endsAt?.toISOString() ?? null }]));
  return rows.map((row) => ({ ...row, premiumGrant: grants.get(String(row.id)) ?? null }));
}

const { passwordHash: _omitHash, updatedAt: _omitUpdated, profileImageUrl: _omitImage, emailVerifiedAt: _omitVerified, ...userFields } = getTableColumns(users);
// Which account submitted a row decides whose data it is (account export), not what the lists show.
const {
  categoryScores,
  answers: _omitAnswers,
  userId: _omitCheckupOwner,
  retakeReminderHandledAt: _omitReminder,
  attemptNumber,
  ...checkupFields
} = getTableColumns(checkupResults);
// The subscription's state is shown (and exported) last, after the columns the spec lists: the
// stored status, or 'unsubscribed' once the address left the newsletter (decision 071).
const { userId: _omitSignupOwner, status: _storedStatus, confirmedAt: _omitConfirmed, ...newsletterSignupColumns } = getTableColumns(newsletterSignups);
const newsletterFields = { ...newsletterSignupColumns, status: signupStatus };
// Written out in full: inside the subqueries an unqualified email would be the suppressions' own.
const suppressionOf = (column: 'reason' | 'created_at') =>
  sql`(select m.${sql.raw(column)} from mail_suppressions m where lower(m.email) = lower("newsletter_signups"."email"))`;
const { receivedAt: bouncedAt, deliveryId: _omitDelivery, ...bounceColumns } = getTableColumns(editionBounces);

/** Each bounce's edition by its title: one indexed lookup per page. */
async function nameEditions(db: Database, rows: Record<string, unknown>[]) {
  const ids = [...new Set(rows.map((row) => String(row.editionId)))];
  const found = ids.length
    ? await db.select({ id: newsletterEditions.id, title: newsletterEditions.title }).from(newsletterEditions).where(inArray(newsletterEditions.id, ids))
    : [];
  const titles = new Map(found.map((row) => [row.id, row.title]));
  return rows.map((row) => ({ ...row, editionTitle: titles.get(String(row.editionId)) ?? '' }));
}
const { userId: _omitCommunityOwner, ...communityFields } = getTableColumns(communitySignups);
// Priority support's mark comes last, after the columns the spec lists.
const { userId: _omitContactOwner, premium: premiumContact, ...contactColumns } = getTableColumns(contactMessages);
const contactFields = { ...contactColumns, premium: premiumContact };

export const listSpecs: Record<AdminList, ListSpec> = {
  users: {
    table: users,
    fields: userFields,
    decorate: markGrants,
    id: users.id,
    search: [users.email, users.firstName, users.lastName, users.name],
    sort: { createdAt: users.createdAt, email: users.email, lastName: users.lastName },
  },
  newsletters: {
    table: newsletterSignups,
    fields: newsletterFields,
    decorate: markUpgraded,
    filter: (status) => hasSignupStatus(status as SubscriberStatus),
    // Written out in full: inside the subquery an unqualified email would be the users' own.
    // Who is suppressed (editions skip them) and why: bounced, complained, refused (decision 043).
    exportExtras: {
      upgraded: sql`exists (select 1 from users u where lower(u.email) = lower("newsletter_signups"."email"))`,
      suppressed: sql`exists (select 1 from mail_suppressions m where lower(m.email) = lower("newsletter_signups"."email"))`,
      suppressedBecause: suppressionOf('reason'),
      suppressedAt: sql`to_char(${suppressionOf('created_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    },
    id: newsletterSignups.id,
    search: [newsletterSignups.email, newsletterSignups.name, newsletterSignups.organization],
    sort: { createdAt: newsletterSignups.createdAt, email: newsletterSignups.email, name: newsletterSignups.name },
  },
  signups: {
    table: communitySignups,
    fields: communityFields,
    id: communitySignups.id,
    search: [communitySignups.email, communitySignups.name, communitySignups.organization],
    sort: { createdAt: communitySignups.createdAt, email: communitySignups.email, signupType: communitySignups.signupType },
  },
  checkups: {
    table: checkupResults,
    // The attempt's number within its organisation last (decision 038): kept by the database.
    fields: { ...checkupFields, categoryScores, attemptNumber },
    id: checkupResults.id,
    search: [checkupResults.email],
    sort: { createdAt: checkupResults.createdAt, email: checkupResults.email, score: checkupResults.score },
  },
  allies: {
    table: allies,
    fields: getTableColumns(allies),
    id: allies.id,
    search: [allies.name, allies.email, allies.submitterEmail, allies.category],
    sort: { createdAt: allies.createdAt, name: allies.name, category: allies.category },
    filter: (status) => eq(allies.approved, status === 'approved'),
  },
  contacts: {
    table: contactMessages,
    fields: contactFields,
    id: contactMessages.id,
    search: [contactMessages.email, contactMessages.name, contactMessages.subject, contactMessages.organization],
    sort: { createdAt: contactMessages.createdAt, email: contactMessages.email, status: contactMessages.status },
    filter: (status) => eq(contactMessages.status, status as 'new'),
    // Priority support: new messages from premium members lead the list.
    pinned: sql`(${contactMessages.status} = 'new' and ${contactMessages.premium})`,
  },
  bounces: {
    table: editionBounces,
    fields: { ...bounceColumns, createdAt: bouncedAt },
    decorate: nameEditions,
    exportJoin: { table: newsletterEditions, on: eq(newsletterEditions.id, editionBounces.editionId) },
    exportExtras: { editionTitle: newsletterEditions.title },
    id: editionBounces.id,
    search: [editionBounces.email],
    sort: { createdAt: editionBounces.receivedAt, email: editionBounces.email },
    filter: (kind) => eq(editionBounces.kind, kind as 'hard'),
  },
  suppressions: {
    table: mailSuppressions,
    // The address is the row's identity: unique whatever its case.
    fields: { id: mailSuppressions.email, email: mailSuppressions.email, reason: mailSuppressions.reason, createdAt: mailSuppressions.createdAt },
    id: mailSuppressions.email,
    search: [mailSuppressions.email],
    sort: { createdAt: mailSuppressions.createdAt, email: mailSuppressions.email },
  },
  audit: {
    table: adminAuditLog,
    fields: getTableColumns(adminAuditLog),
    id: adminAuditLog.id,
    search: [adminAuditLog.adminEmail, adminAuditLog.action, adminAuditLog.targetId],
    sort: { createdAt: adminAuditLog.createdAt },
  },
};

export function listWhere(spec: ListSpec, query: Pick<ListQuery, 'search' | 'status'>): SQL | undefined {
  const search = searchCondition(query.search, spec.search);
  return and(search && sql`(${search})`, query.status && spec.filter ? spec.filter(query.status) : undefined);
}

/** One page of a list and the total count of its matches: two indexed queries, nothing loaded beyond the page. */
export async function listPage<T>(db: Database, list: AdminList, query: ListQuery): Promise<Page<T>> {
  const spec = listSpecs[list];
  const where = listWhere(spec, query);
  const order = [...(spec.pinned && query.sort === DEFAULT_SORT ? [desc(spec.pinned)] : []), ...orderBy(query.sort, spec.sort, spec.id)];
  // Deferred join: the offset walks the (column, id) index for ids only; whole rows are read for the page alone.
  const pageIds = db
    .select({ id: spec.id })
    .from(spec.table)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const [rows, [counted]] = await Promise.all([
    db
      .select(spec.fields)
      .from(spec.table)
      .where(inArray(spec.id, pageIds))
      .orderBy(...order),
    where
      ? db.select({ total: count() }).from(spec.table).where(where)
      : db.select({ total: tableCount(getTableName(spec.table)) }).from(sql`(select 1) as one`),
  ]);
  const total = Number(counted?.total ?? 0);
  const items = spec.decorate ? await spec.decorate(db, rows as Record<string, unknown>[]) : rows;
  return { items: items as T[], total, estimated: !where && total >= ESTIMATE_ABOVE, page: query.page, pageSize: query.pageSize };
}
