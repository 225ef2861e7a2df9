import { and, eq, inArray } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { Executor } from './audit';

/**
 * Deleting a user must cancel their subscription at once (issue 14), not at the period end.
 * INTEGRATION POINT: the billing module (payments work) must cancel each returned provider
 * subscription with the provider ("cancel subscription now") here, before the user row and
 * its subscription rows (ON DELETE CASCADE) disappear. Until then the rows are only marked.
 */
export async function cancelSubscriptionNow(tx: Executor, userId: string): Promise<string[]> {
  const cancelled = await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'trialing', 'past_due', 'incomplete'])))
    .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
  return cancelled.map((row) => row.providerSubscriptionId);
}
