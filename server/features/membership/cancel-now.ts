import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { syncSubscription } from './apply-event';
import { paymentProvider } from '../../payment-providers/choose-provider';
import { liveMemberships } from './repo';

/**
 * Ends every subscription the member still pays for, at once, at the provider and here; premium
 * ends with them. For deleting an account (the member's own, or an admin deleting a user): call
 * it before removing the user's rows, so nobody is charged for an account that no longer exists.
 * Throws ProviderUnavailableError when the provider cannot be reached; then nothing is deleted.
 */
export async function cancelMembershipsNow(ctx: AppContext, userId: string, log: FastifyBaseLogger): Promise<number> {
  const provider = paymentProvider(ctx);
  const live = await liveMemberships(ctx.db, userId);
  for (const row of live) {
    const readAt = new Date();
    const state = row.provider === provider.name ? await provider.cancelNow(row.providerSubscriptionId) : null;
    await syncSubscription(
      { ctx, provider, log },
      state ?? {
        id: row.providerSubscriptionId,
        customerId: row.providerCustomerId ?? '',
        userId,
        plan: row.plan,
        status: 'canceled',
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: false,
      },
      readAt,
    );
  }
  return live.length;
}
