import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { adminAuditLog, queuedMails, mailSuppressions, mailTopicOptOuts, passwordResetTokens, sessions, toldOnce, users } from '../../db/schema';
import { byAddress, type Member, type PersonalData, theirs, underVerifiedAddress } from '../../personal-data';
import { findUserById } from '../../users-repo';

/**
 * The account's own part of "Download my data" and of deleting an account: the tables below the
 * features (server/db/schema.ts), which no feature owns, and the local payment provider's records.
 */
export const accountPersonalData: PersonalData = {
  tables: {
    users: { exported: 'account', erased: true, how: 'the account row is deleted' },
    sessions: { exported: 'sessions', erased: true, how: 'when each sign-in started and ends, never the token; deleted with the account' },
    password_reset_tokens: {
      exported: 'resetRequests',
      erased: true,
      how: 'when each reset link was asked for and used, never the token; deleted with the account',
    },
    mail_topic_opt_outs: {
      exported: 'emailTopicOptOuts',
      erased: true,
      how: 'the kinds of email the verified address left (the newsletter, news, Check-Up follow-ups and reminders; decision 071), and when; deleted',
    },
    told_once: {
      exported: 'toldOnce',
      erased: true,
      how: 'what the site told the member once (webinar emails and reminders, coaching reminders, the Slack invitation, by whom and how) and when; deleted with the account, and those under the verified address',
    },
    mail_outbox: { exported: 'emails', erased: true, how: 'every email to the verified address, sent or waiting; deleted' },
    mail_suppressions: {
      exported: 'mailSuppressions',
      kept: 'an address a mail server refused for good is never mailed again, whoever gives it next: only the address, the refusal and its date',
    },
    admin_audit_log: {
      exported: 'auditLog',
      kept: "what admins did stays answerable after an admin's account is gone; entries about the member lose the member's email (anonymised)",
    },
    local_billing_checkouts: { kept: "the local test payment provider's own records, standing for what Stripe keeps on its side; never used with Stripe" },
    local_billing_subscriptions: { kept: "the local test payment provider's own records, standing for what Stripe keeps on its side; never used with Stripe" },
  },
  collect: async (db, member) => {
    const [signIns, resets, notices, emails, suppressions, topicOptOuts, auditAbout, auditBy] = await Promise.all([
      db.select({ startedAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, member.id)),
      db
        .select({ askedAt: passwordResetTokens.createdAt, expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, member.id)),
      // What the site told the member once (webinar emails, reminders, the Slack invitation) and when.
      db.select({ topic: toldOnce.topic, details: toldOnce.details, at: toldOnce.createdAt }).from(toldOnce).where(theirs(member, toldOnce)),
      underVerifiedAddress(member, () =>
        db
          .select({
            subject: queuedMails.subject,
            text: queuedMails.text,
            status: queuedMails.status,
            createdAt: queuedMails.createdAt,
            sentAt: queuedMails.sentAt,
          })
          .from(queuedMails)
          .where(byAddress(queuedMails.to, member.email))
          .orderBy(queuedMails.createdAt),
      ),
      underVerifiedAddress(member, () =>
        db
          .select({ reason: mailSuppressions.reason, createdAt: mailSuppressions.createdAt })
          .from(mailSuppressions)
          .where(byAddress(mailSuppressions.email, member.email)),
      ),
      underVerifiedAddress(member, () =>
        db
          .select({ topic: mailTopicOptOuts.topic, createdAt: mailTopicOptOuts.createdAt })
          .from(mailTopicOptOuts)
          .where(byAddress(mailTopicOptOuts.email, member.email)),
      ),
      db
        .select({ action: adminAuditLog.action, details: adminAuditLog.details, at: adminAuditLog.createdAt })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, member.id))),
      // What the member did as an admin, without the details, which are about other people.
      db
        .select({ action: adminAuditLog.action, targetType: adminAuditLog.targetType, targetId: adminAuditLog.targetId, at: adminAuditLog.createdAt })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.adminId, member.id)),
    ]);
    return {
      sessions: signIns,
      resetRequests: resets,
      toldOnce: notices,
      emails,
      mailSuppressions: suppressions,
      emailTopicOptOuts: topicOptOuts,
      auditLog: { aboutYou: auditAbout, byYou: auditBy },
    };
  },
  erase: async (tx, member) => {
    await tx.delete(toldOnce).where(theirs(member, toldOnce));
    if (member.verified) {
      await tx.delete(queuedMails).where(byAddress(queuedMails.to, member.email));
      await tx.delete(mailTopicOptOuts).where(byAddress(mailTopicOptOuts.email, member.email));
    }
    await tx
      .update(adminAuditLog)
      // jsonb's key removal operator: the builder has no word for it.
      .set({ details: sql`${adminAuditLog.details} - 'email'` })
      .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, member.id)));
  },
};

/**
 * The download's sections in the order the file has always had them, so that a download taken
 * now reads as one taken before; a section none of these is follows them, in the order of the
 * features' list.
 */
const sectionOrder = [
  'checkupFollowUps',
  'sessions',
  'emailVerifications',
  'resetRequests',
  'newsletterSignups',
  'communitySignups',
  'checkupResults',
  'contactMessages',
  'subscriptions',
  'receipts',
  'paymentCustomer',
  'allyReviews',
  'allySubmissions',
  'webinarSignups',
  'offerRedemptions',
  'teamsBought',
  'teamSeats',
  'teamInvitations',
  'toldOnce',
  'coachingBookings',
  'coachingSlotsOffered',
  'emails',
  'weeklyDishDeliveries',
  'weeklyDishBounces',
  'mailSuppressions',
  'emailTopicOptOuts',
  'auditLog',
];

/** The member as every part sees them: whether the account has proved it owns its address decides what is theirs (Member). */
async function memberOf(db: Executor, user: { id: string; email: string }): Promise<Member> {
  return { id: user.id, email: user.email, verified: Boolean((await findUserById(db, user.id))?.emailVerifiedAt) };
}

/** Everything stored about a member, for "Download my data": every feature's part (`parts`, from server/features.ts), with what is theirs. */
export async function collectMemberData(db: Database, parts: readonly PersonalData[], user: { id: string; email: string }): Promise<Record<string, unknown>> {
  const member = await memberOf(db, user);
  const sections: Record<string, unknown> = {};
  // One part after another: a download takes a few pool connections at a time, not the pool.
  for (const part of parts) Object.assign(sections, await part.collect?.(db, member));
  const rank = (key: string) => (sectionOrder.includes(key) ? sectionOrder.indexOf(key) : sectionOrder.length);
  return Object.fromEntries(Object.entries(sections).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * Removes the member as every feature's part says: what is theirs that would not go with the
 * account by foreign key (rows found by their address once verified, rows whose link to the
 * account would only be cleared), then the account, with whatever refers to it. In the caller's
 * transaction: all of it or none. The member's own deletion and an admin's deletion both come
 * here, so either leaves the same nothing behind.
 */
export async function eraseMember(tx: Transaction, parts: readonly PersonalData[], user: { id: string; email: string }): Promise<void> {
  const member = await memberOf(tx, user);
  for (const part of parts) await part.erase?.(tx, member);
  // Last: deleting it first would clear (set null) the account's id on what it submitted, and the
  // parts would no longer find those rows as the member's.
  await tx.delete(users).where(eq(users.id, user.id));
}

/** The member deletes their own account: erased in one transaction. */
export async function deleteMember(db: Database, parts: readonly PersonalData[], user: { id: string; email: string }): Promise<void> {
  await db.transaction((tx) => eraseMember(tx, parts, user));
}
