import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ALLIES_PAGE_SIZE, type AllyCategory, type AllyPage, type AllyReview, type AllySubmission, type DirectoryAlly } from '#shared/allies/schemas';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { allies, allyReviews } from './schema';
import { byAddress, type PersonalData, underVerifiedAddress } from '../../personal-data';

/** Stores a submission pending review (docs/product.md (Decisions)): approved stays false until an admin approves it. */
export async function insertAllySubmission(db: Database, submission: Omit<AllySubmission, 'fax'>): Promise<string> {
  const [row] = await db
    .insert(allies)
    .values({ ...submission, approved: false })
    .returning({ id: allies.id });
  return row!.id;
}

/** LIKE treats %, _ and \ as special: escaped, a member's text is matched literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

const searchedColumns = [
  allies.name,
  allies.tagline,
  allies.description,
  allies.services,
  allies.howTheyHelp,
  allies.whatMakesDifferent,
  allies.traction,
  allies.offerForMembers,
  allies.vibeCheck,
];

/** Every word must appear somewhere (in any searched field), case-insensitively. At most 8 words count. */
function searchCondition(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => or(...searchedColumns.map((column) => ilike(column, likePattern(word))))));
}

export interface AllySearch {
  search: string;
  category: AllyCategory | null;
  page: number;
  userId: string;
}

/**
 * One page of approved allies for the directory, filtered and counted in SQL. Name matches come
 * first when searching; otherwise (and within each group) alphabetical by name.
 */
export async function searchApprovedAllies(db: Database, query: AllySearch): Promise<AllyPage> {
  const where = and(eq(allies.approved, true), query.category ? eq(allies.category, query.category) : undefined, searchCondition(query.search));
  const firstWord = query.search.split(/\s+/).find(Boolean);
  const order = [...(firstWord ? [desc(ilike(allies.name, likePattern(firstWord)))] : []), asc(sql`lower(${allies.name})`), asc(allies.id)];

  const ratings = db
    .select({
      allyId: allyReviews.allyId,
      average: sql<string>`avg(${allyReviews.rating})`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(allyReviews)
    .where(eq(allyReviews.hidden, false))
    .groupBy(allyReviews.allyId)
    .as('ratings');
  const mine = db
    .select({ allyId: allyReviews.allyId, rating: allyReviews.rating, comment: allyReviews.comment, hidden: allyReviews.hidden })
    .from(allyReviews)
    .where(eq(allyReviews.userId, query.userId))
    .as('mine');

  const offset = (query.page - 1) * ALLIES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: allies.id,
        name: allies.name,
        tagline: allies.tagline,
        category: allies.category,
        howTheyHelp: allies.howTheyHelp,
        whatMakesDifferent: allies.whatMakesDifferent,
        traction: allies.traction,
        offerForMembers: allies.offerForMembers,
        vibeCheck: allies.vibeCheck,
        website: allies.website,
        lastVerifiedAt: allies.lastVerifiedAt,
        average: ratings.average,
        count: ratings.count,
        myRating: mine.rating,
        myComment: mine.comment,
        myHidden: mine.hidden,
      })
      .from(allies)
      .leftJoin(ratings, eq(ratings.allyId, allies.id))
      .leftJoin(mine, eq(mine.allyId, allies.id))
      .where(where)
      .orderBy(...order)
      .limit(ALLIES_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(allies).where(where),
  ]);

  return {
    allies: rows.map((row): DirectoryAlly => ({
      id: row.id,
      name: row.name,
      tagline: row.tagline,
      category: row.category as AllyCategory,
      howTheyHelp: row.howTheyHelp,
      whatMakesDifferent: row.whatMakesDifferent,
      traction: row.traction,
      offerForMembers: row.offerForMembers,
      vibeCheck: row.vibeCheck,
      website: row.website,
      lastVerifiedAt: row.lastVerifiedAt ? new Date(row.lastVerifiedAt).toISOString() : null,
      rating: { average: row.average == null ? null : Math.round(Number(row.average) * 10) / 10, count: row.count ?? 0 },
      myReview: row.myRating == null ? null : { rating: row.myRating, comment: row.myComment ?? '', hidden: row.myHidden ?? false },
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ALLIES_PAGE_SIZE,
  };
}

export async function isApprovedAlly(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: allies.id })
    .from(allies)
    .where(and(eq(allies.id, id), eq(allies.approved, true)));
  return Boolean(row);
}

/** One review per member and ally: a second save edits the first (the unique index makes it race-free). */
export async function upsertReview(db: Database, allyId: string, userId: string, review: { rating: number; comment: string }): Promise<void> {
  await db
    .insert(allyReviews)
    .values({ allyId, userId, ...review })
    .onConflictDoUpdate({ target: [allyReviews.allyId, allyReviews.userId], set: { ...review, updatedAt: new Date() } });
}

export async function deleteReview(db: Database, allyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(allyReviews)
    .where(and(eq(allyReviews.allyId, allyId), eq(allyReviews.userId, userId)))
    .returning({ id: allyReviews.id });
  return rows.length > 0;
}

/** Visible reviews, newest first, signed with the author's first name and last initial only. */
export async function listVisibleReviews(db: Database, allyId: string, userId: string): Promise<AllyReview[]> {
  const rows = await db
    .select({
      id: allyReviews.id,
      rating: allyReviews.rating,
      comment: allyReviews.comment,
      createdAt: allyReviews.createdAt,
      userId: allyReviews.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(allyReviews)
    .innerJoin(users, eq(users.id, allyReviews.userId))
    .where(and(eq(allyReviews.allyId, allyId), eq(allyReviews.hidden, false)))
    .orderBy(desc(allyReviews.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    author: [row.firstName?.trim() || 'A member', row.lastName?.trim() ? `${row.lastName.trim()[0]}.` : ''].filter(Boolean).join(' '),
    createdAt: new Date(row.createdAt).toISOString(),
    mine: row.userId === userId,
  }));
}

/** The Allies directory's part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const alliesPersonalData: PersonalData = {
  tables: {
    ally_reviews: { exported: 'allyReviews', erased: true, how: 'deleted with the account' },
    allies: {
      exported: 'allySubmissions',
      erased: true,
      how: "listings submitted under the verified address: the listing stays in the directory (it is the vendor's), the submitter's name and email are cleared",
    },
  },
  collect: async (db, member) => {
    const [reviews, submissions] = await Promise.all([
      db
        .select({
          ally: allies.name,
          rating: allyReviews.rating,
          comment: allyReviews.comment,
          hidden: allyReviews.hidden,
          createdAt: allyReviews.createdAt,
          updatedAt: allyReviews.updatedAt,
        })
        .from(allyReviews)
        .innerJoin(allies, eq(allies.id, allyReviews.allyId))
        .where(eq(allyReviews.userId, member.id)),
      underVerifiedAddress(member, () => db.select().from(allies).where(byAddress(allies.submitterEmail, member.email))),
    ]);
    return { allyReviews: reviews, allySubmissions: submissions };
  },
  erase: async (tx, member) => {
    if (member.verified) await tx.update(allies).set({ submitterName: '', submitterEmail: '' }).where(byAddress(allies.submitterEmail, member.email));
  },
};
