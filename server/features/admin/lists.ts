import { type AnyColumn, and, count, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AdminList, ListQuery, Page } from '#shared/admin/schemas';
import type { Database } from '../../db/client';
import { adminAuditLog, allies, checkupResults, communitySignups, contactMessages, newsletterSignups, users } from '../../db/schema';
import { ESTIMATE_ABOVE, offsetOf, orderBy, searchCondition, tableCount } from './list-query';

/** What a list needs to know: its table, what it returns, where a search looks and what it sorts by. */
export interface ListSpec {
  table: PgTable;
  fields: Record<string, PgColumn | SQL.Aliased>;
  id: PgColumn;
  search: AnyColumn[];
  sort: Record<string, PgColumn>;
  filter?: (status: string) => SQL;
}

const { passwordHash: _omitHash, updatedAt: _omitUpdated, profileImageUrl: _omitImage, ...userFields } = getTableColumns(users);
const { categoryScores, answers: _omitAnswers, ...checkupFields } = getTableColumns(checkupResults);

export const listSpecs: Record<AdminList, ListSpec> = {
  users: {
    table: users,
    fields: userFields,
    id: users.id,
    search: [users.email, users.firstName, users.lastName, users.name],
    sort: { createdAt: users.createdAt, email: users.email, lastName: users.lastName },
  },
  newsletters: {
    table: newsletterSignups,
    fields: {
      ...getTableColumns(newsletterSignups),
      // One probe of the unique lower(email) index per row of the page.
      // Spelled out in full: drizzle writes columns unqualified, which inside the subquery would mean the users' email.
      upgraded: sql<boolean>`exists (select 1 from users u where lower(u.email) = lower("newsletter_signups"."email"))`.as('upgraded'),
    },
    id: newsletterSignups.id,
    search: [newsletterSignups.email, newsletterSignups.name, newsletterSignups.organization],
    sort: { createdAt: newsletterSignups.createdAt, email: newsletterSignups.email, name: newsletterSignups.name },
  },
  signups: {
    table: communitySignups,
    fields: getTableColumns(communitySignups),
    id: communitySignups.id,
    search: [communitySignups.email, communitySignups.name, communitySignups.organization],
    sort: { createdAt: communitySignups.createdAt, email: communitySignups.email, signupType: communitySignups.signupType },
  },
  checkups: {
    table: checkupResults,
    fields: { ...checkupFields, categoryScores },
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
    fields: getTableColumns(contactMessages),
    id: contactMessages.id,
    search: [contactMessages.email, contactMessages.name, contactMessages.subject, contactMessages.organization],
    sort: { createdAt: contactMessages.createdAt, email: contactMessages.email, status: contactMessages.status },
    filter: (status) => eq(contactMessages.status, status as 'new'),
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
  const [items, [counted]] = await Promise.all([
    db
      .select(spec.fields)
      .from(spec.table)
      .where(where)
      .orderBy(...orderBy(query.sort, spec.sort, spec.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    where ? db.select({ total: count() }).from(spec.table).where(where) : db.select({ total: tableCount(getTableName(spec.table)) }).from(sql`(select 1) as one`),
  ]);
  const total = Number(counted?.total ?? 0);
  return { items: items as T[], total, estimated: !where && total >= ESTIMATE_ABOVE, page: query.page, pageSize: query.pageSize };
}
