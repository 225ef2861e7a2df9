import { and, type Column, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  adminAuditLog,
  allies,
  allyReviews,
  billingCharges,
  billingCustomers,
  checkupResults,
  coachingBookings,
  coachingSlots,
  communitySignups,
  contactMessages,
  editionBounces,
  editionDeliveries,
  emailVerificationTokens,
  followUpEnrolments,
  followUpSequences,
  mailOutbox,
  toldOnce,
  mailSuppressions,
  mailTopicOptOuts,
  newsletterEditions,
  newsletterSignups,
  passwordResetTokens,
  sessions,
  subscriptions,
  users,
  webinars,
  webinarSignups,
  offerRedemptions,
  teamInvitations,
  teamSeats,
  teams,
  offers,
} from '../../db/schema';
import { signupStatus } from '../newsletter/repo';
import { findUserById } from '../../users-repo';

const byEmail = (column: Column, email: string) => sql`lower(${column}) = lower(${email.trim()})`;

type Owned = typeof newsletterSignups | typeof communitySignups | typeof checkupResults | typeof contactMessages | typeof toldOnce | typeof followUpEnrolments;

/**
 * The rows that are the member's: what the account submitted while signed in, and,
 * once the account has proved it owns its address, what was submitted under that address
 * without an account. Anyone can register with someone else's email; only the inbox's owner can
 * confirm it.
 */
async function ownedBy(db: Executor, user: { id: string; email: string }): Promise<{ verified: boolean; mine: (table: Owned) => SQL }> {
  const verified = Boolean((await findUserById(db, user.id))?.emailVerifiedAt);
  return { verified, mine: (table) => (verified ? or(eq(table.userId, user.id), byEmail(table.email, user.email))! : eq(table.userId, user.id)) };
}

/** Everything stored about a member, for "download my data": every table of personal-data.ts that is exported, with what is theirs (ownedBy). */
export async function collectMemberData(db: Database, user: { id: string; email: string }) {
  const { verified, mine } = await ownedBy(db, user);
  // Rows found only by the address are the member's once the address is verified (ownedBy).
  const underAddress = <T>(query: () => Promise<T[]>): Promise<T[]> => (verified ? query() : Promise.resolve([]));
  const [newsletter, community, checkups, contacts, subs] = await Promise.all([
    // Its status as the member would be told it: 'unsubscribed' once the address left (decision 071).
    db
      .select({ ...getTableColumns(newsletterSignups), status: signupStatus })
      .from(newsletterSignups)
      .where(mine(newsletterSignups)),
    db.select().from(communitySignups).where(mine(communitySignups)),
    db.select().from(checkupResults).where(mine(checkupResults)),
    db.select().from(contactMessages).where(mine(contactMessages)),
    db
      .select({
        plan: subscriptions.plan,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id)),
  ]);
  const [signIns, verifications, resets, receipts, customers, reviews, notices] = await Promise.all([
    db.select({ startedAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id)),
    db
      .select({
        email: emailVerificationTokens.email,
        sentAt: emailVerificationTokens.createdAt,
        expiresAt: emailVerificationTokens.expiresAt,
        usedAt: emailVerificationTokens.usedAt,
      })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id)),
    db
      .select({ askedAt: passwordResetTokens.createdAt, expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id)),
    db
      .select({
        id: billingCharges.id,
        plan: billingCharges.plan,
        amountCents: billingCharges.amountCents,
        currency: billingCharges.currency,
        paidAt: billingCharges.paidAt,
        refundedAt: billingCharges.refundedAt,
      })
      .from(billingCharges)
      .where(eq(billingCharges.userId, user.id))
      .orderBy(billingCharges.paidAt),
    db
      .select({ customerId: billingCustomers.customerId, createdAt: billingCustomers.createdAt })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id)),
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
      .where(eq(allyReviews.userId, user.id)),
    // What the site told the member once (webinar emails, reminders, the Slack invitation) and when.
    db.select({ topic: toldOnce.topic, details: toldOnce.details, at: toldOnce.createdAt }).from(toldOnce).where(mine(toldOnce)),
  ]);
  const [teamsBought, seats, invitations] = await Promise.all([
    db
      .select({ plan: subscriptions.plan, seats: subscriptions.seats, status: subscriptions.status, createdAt: teams.createdAt })
      .from(teams)
      .innerJoin(subscriptions, eq(subscriptions.id, teams.subscriptionId))
      .where(eq(teams.ownerId, user.id)),
    db.select({ joinedAt: teamSeats.joinedAt, removedAt: teamSeats.removedAt }).from(teamSeats).where(eq(teamSeats.userId, user.id)),
    db
      .select({ email: teamInvitations.email, sentAt: teamInvitations.sentAt, usedAt: teamInvitations.usedAt })
      .from(teamInvitations)
      .where(or(eq(teamInvitations.usedBy, user.id), byEmail(teamInvitations.email, user.email))),
  ]);
  const [webinarRows, offerRows, bookings, slots, auditAbout, auditBy] = await Promise.all([
    db
      .select({ webinar: webinars.title, startsAt: webinars.startsAt, signedUpAt: webinarSignups.createdAt })
      .from(webinarSignups)
      .innerJoin(webinars, eq(webinars.id, webinarSignups.webinarId))
      .where(eq(webinarSignups.userId, user.id)),
    db
      .select({
        offer: offers.label,
        code: offers.code,
        status: offerRedemptions.status,
        budgetBand: offerRedemptions.budgetBand,
        at: offerRedemptions.createdAt,
      })
      .from(offerRedemptions)
      .innerJoin(offers, eq(offers.id, offerRedemptions.offerId))
      .where(eq(offerRedemptions.userId, user.id)),
    db
      .select({
        startsAt: coachingSlots.startsAt,
        coach: coachingSlots.coachName,
        status: coachingBookings.status,
        cancelledReason: coachingBookings.cancelledReason,
        bookedAt: coachingBookings.createdAt,
        cancelledAt: coachingBookings.cancelledAt,
      })
      .from(coachingBookings)
      .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
      .where(eq(coachingBookings.userId, user.id)),
    db
      .select({ startsAt: coachingSlots.startsAt, coachName: coachingSlots.coachName, createdAt: coachingSlots.createdAt })
      .from(coachingSlots)
      .where(eq(coachingSlots.coachId, user.id)),
    db
      .select({ action: adminAuditLog.action, details: adminAuditLog.details, at: adminAuditLog.createdAt })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, user.id))),
    // What the member did as an admin, without the details, which are about other people.
    db
      .select({ action: adminAuditLog.action, targetType: adminAuditLog.targetType, targetId: adminAuditLog.targetId, at: adminAuditLog.createdAt })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.adminId, user.id)),
  ]);
  const [submissions, emails, deliveries, bounces, suppressions, topicOptOuts] = await Promise.all([
    underAddress(() => db.select().from(allies).where(byEmail(allies.submitterEmail, user.email))),
    underAddress(() =>
      db
        .select({ subject: mailOutbox.subject, text: mailOutbox.text, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(byEmail(mailOutbox.to, user.email))
        .orderBy(mailOutbox.createdAt),
    ),
    underAddress(() =>
      db
        .select({ edition: newsletterEditions.title, status: editionDeliveries.status, sentAt: editionDeliveries.sentAt })
        .from(editionDeliveries)
        .innerJoin(newsletterEditions, eq(newsletterEditions.id, editionDeliveries.editionId))
        .where(byEmail(editionDeliveries.email, user.email)),
    ),
    underAddress(() =>
      db
        .select({
          edition: newsletterEditions.title,
          kind: editionBounces.kind,
          status: editionBounces.status,
          diagnostic: editionBounces.diagnostic,
          receivedAt: editionBounces.receivedAt,
        })
        .from(editionBounces)
        .innerJoin(newsletterEditions, eq(newsletterEditions.id, editionBounces.editionId))
        .where(byEmail(editionBounces.email, user.email)),
    ),
    underAddress(() =>
      db
        .select({ reason: mailSuppressions.reason, createdAt: mailSuppressions.createdAt })
        .from(mailSuppressions)
        .where(byEmail(mailSuppressions.email, user.email)),
    ),
    underAddress(() =>
      db
        .select({ topic: mailTopicOptOuts.topic, createdAt: mailTopicOptOuts.createdAt })
        .from(mailTopicOptOuts)
        .where(byEmail(mailTopicOptOuts.email, user.email)),
    ),
  ]);
  const followUps = await db
    .select({
      sequence: followUpSequences.name,
      stepsSent: followUpEnrolments.stepsSent,
      enrolledAt: followUpEnrolments.createdAt,
      stoppedAt: followUpEnrolments.stoppedAt,
      stopReason: followUpEnrolments.stopReason,
    })
    .from(followUpEnrolments)
    .innerJoin(followUpSequences, eq(followUpSequences.id, followUpEnrolments.sequenceId))
    .where(mine(followUpEnrolments));
  return {
    checkupFollowUps: followUps,
    sessions: signIns,
    emailVerifications: verifications,
    resetRequests: resets,
    newsletterSignups: newsletter,
    communitySignups: community,
    checkupResults: checkups,
    contactMessages: contacts,
    subscriptions: subs,
    receipts,
    paymentCustomer: customers[0] ?? null,
    allyReviews: reviews,
    allySubmissions: submissions,
    webinarSignups: webinarRows,
    offerRedemptions: offerRows,
    teamsBought,
    teamSeats: seats,
    teamInvitations: invitations,
    toldOnce: notices,
    coachingBookings: bookings,
    coachingSlotsOffered: slots,
    emails,
    weeklyDishDeliveries: deliveries,
    weeklyDishBounces: bounces,
    mailSuppressions: suppressions,
    emailTopicOptOuts: topicOptOuts,
    auditLog: { aboutYou: auditAbout, byYou: auditBy },
  };
}

/**
 * Removes the member as personal-data.ts says: the account (its sessions, links, subscription
 * records, receipts, reviews, invitations, webinar and coaching rows go with it by foreign key),
 * every row that is theirs (ownedBy), and, once the address is verified, the emails and
 * editions sent to it and their name and address on ally listings they submitted. Audit entries
 * about them lose their email. In the caller's transaction: all of it or none. The member's own
 * deletion and an admin's deletion both come here, so either leaves the same nothing behind.
 */
export async function eraseMember(tx: Transaction, user: { id: string; email: string }): Promise<void> {
  const { verified, mine } = await ownedBy(tx, user);
  for (const table of [newsletterSignups, communitySignups, followUpEnrolments, checkupResults, contactMessages, toldOnce])
    await tx.delete(table).where(mine(table));
  if (verified) {
    await tx.update(allies).set({ submitterName: '', submitterEmail: '' }).where(byEmail(allies.submitterEmail, user.email));
    await tx.delete(mailOutbox).where(byEmail(mailOutbox.to, user.email));
    await tx.delete(editionDeliveries).where(byEmail(editionDeliveries.email, user.email));
    await tx.delete(mailTopicOptOuts).where(byEmail(mailTopicOptOuts.email, user.email));
    await tx.delete(teamInvitations).where(byEmail(teamInvitations.email, user.email));
  }
  await tx.delete(teamInvitations).where(eq(teamInvitations.usedBy, user.id));
  await tx
    .update(adminAuditLog)
    // jsonb's key removal operator: the builder has no word for it.
    .set({ details: sql`${adminAuditLog.details} - 'email'` })
    .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, user.id)));
  await tx.delete(users).where(eq(users.id, user.id));
}

/** The member deletes their own account: erased in one transaction. */
export async function deleteMember(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.transaction((tx) => eraseMember(tx, user));
}
