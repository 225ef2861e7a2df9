import { type Column, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from './db/client';

/**
 * The member whose data is downloaded or erased (an account). `verified`: the account has proved it owns its
 * address (the link mailed at registration). Until then only what the account did itself is
 * theirs; from then on also what was submitted under that address without an account. Anyone
 * can register with someone else's email; only the inbox's owner can confirm it.
 */
export interface Member {
  id: string;
  email: string;
  verified: boolean;
}

/**
 * What "Download my data" and "Delete my account" do with one table that holds something about a
 * person (a column referring to users, or a person's email): exported under a key of the download
 * and gone after deletion, or kept, with the reason.
 */
export type Coverage = { exported: string; erased: true; how: string } | { exported?: string; kept: string };

/**
 * A feature's part of "Download my data" and of deleting an account (server/feature.ts): the
 * account feature gathers every feature's part from the list, so a feature that stores something
 * about people says what it does with it in its own folder.
 */
export interface PersonalData {
  /**
   * Each of its tables that holds something about a person, by table name. The personal-data test
   * walks every table and fails on one with a user column or an email that no part names.
   */
  tables: Record<string, Coverage>;
  /** Its sections of the download, under the keys `tables` names. */
  collect?: (db: Database, member: Member) => Promise<Record<string, unknown>>;
  /**
   * Deletes (or anonymises) what is the member's and would not go with the account's row by its
   * foreign keys, in the caller's transaction, before the account's row is deleted: rows found by
   * the address, and those whose link to the account would only be cleared (set null).
   */
  erase?: (tx: Transaction, member: Member) => Promise<void>;
}

/** The rows of `column` that are the address `email`, as every address is compared: trimmed, in any case. */
export const byAddress = (column: Column | SQL, email: string): SQL => sql`lower(${column}) = lower(${email.trim()})`;

/**
 * The rows of a table that are the member's: those of the account (what it submitted while
 * signed in, what it was told), and, once its address is verified, those under the address.
 */
export const theirs = (member: Member, table: { userId: Column; email: Column }): SQL =>
  member.verified ? or(eq(table.userId, member.id), byAddress(table.email, member.email))! : eq(table.userId, member.id);

/** Rows found only by the address are the member's once the address is verified: none before. */
export const underVerifiedAddress = <T>(member: Member, query: () => Promise<T[]>): Promise<T[]> => (member.verified ? query() : Promise.resolve([]));
