import type { PublicUser } from '#shared/auth/user';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { lockUntilCommit } from '../../db/locks';
import { billingCharges, memberships } from './schema';
import { adminUsers, findUserById } from '../../users-repo';
import { recordAudit } from '../../audit-log';
import { duplicateAdminMail, duplicateRefundedMail } from './mails';
import { type PaymentProvider, DUPLICATE } from '../../payment-providers/provider';

interface Deps {
  ctx: AppContext;
  provider: PaymentProvider;
}

/**
 * A second paid subscription of a member who already had one (two Stripe Checkout sessions both
 * paid, say) is stored with status 'duplicate' by apply-event.ts. Here it is cancelled and
 * refunded at the provider, recorded in the admin audit log, and the member and every admin are
 * told. Called right after the event is applied, and by the membership check for any left over
 * (the provider was unreachable).
 *
 * Each duplicate is claimed (resolved_at set) before the provider is called, so two servers never
 * refund it twice; when the provider fails, the claim is given back and the check retries.
 */
export async function resolveDuplicates(deps: Deps, onlyIds?: string[]): Promise<number> {
  const { ctx, provider } = deps;
  const open = await ctx.db
    .select({ id: memberships.id, providerSubscriptionId: memberships.providerSubscriptionId })
    .from(memberships)
    .where(
      and(
        eq(memberships.status, DUPLICATE),
        isNull(memberships.resolvedAt),
        eq(memberships.provider, provider.name),
        ...(onlyIds ? [inArray(memberships.providerSubscriptionId, onlyIds)] : []),
      ),
    );
  let resolved = 0;
  for (const row of open) {
    const [claimed] = await ctx.db
      .update(memberships)
      .set({ resolvedAt: new Date() })
      .where(and(eq(memberships.id, row.id), isNull(memberships.resolvedAt)))
      .returning();
    if (!claimed) continue;
    let refundedCents: number;
    try {
      await provider.cancelNow(row.providerSubscriptionId);
      refundedCents = await provider.refundCharges(row.providerSubscriptionId);
    } catch (error) {
      await ctx.db.update(memberships).set({ resolvedAt: null }).where(eq(memberships.id, row.id));
      throw error;
    }
    const mailIds = await ctx.db.transaction(async (tx) => {
      // The lock event application takes for this subscription: a charge it records meanwhile is
      // either here already, or recorded after this commit and then marked refunded itself.
      await lockUntilCommit(tx, `subscription:${row.providerSubscriptionId}`);
      await tx
        .update(billingCharges)
        .set({ refundedAt: new Date() })
        .where(and(eq(billingCharges.providerSubscriptionId, row.providerSubscriptionId), isNull(billingCharges.refundedAt)));
      const member = await findUserById(tx, claimed.userId);
      if (!member) return [];
      const admins = await adminUsers(tx);
      await recordAudit(tx, { id: member.id, email: 'automatic: billing' } as PublicUser, {
        action: 'subscription.duplicate.refund',
        targetType: 'user',
        targetId: member.id,
        details: { email: member.email, subscription: row.providerSubscriptionId, refundedCents },
      });
      const ids = [
        await ctx.mailQueue.store(
          tx,
          duplicateRefundedMail({ email: member.email, firstName: member.firstName }, { plan: claimed.plan, refundedCents, publicUrl: ctx.env.PUBLIC_URL }),
        ),
      ];
      for (const admin of admins) {
        ids.push(
          await ctx.mailQueue.store(
            tx,
            duplicateAdminMail(admin.email, { memberEmail: member.email, subscriptionId: row.providerSubscriptionId, refundedCents, provider: provider.name }),
          ),
        );
      }
      return ids;
    });
    ctx.mailQueue.deliverNow(mailIds);
    resolved += 1;
  }
  return resolved;
}
