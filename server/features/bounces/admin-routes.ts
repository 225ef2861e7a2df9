import type { FastifyInstance } from 'fastify';
import { adminApiPaths } from '#shared/api/admin-paths';
import { liftSuppressionSchema } from '#shared/newsletter/bounces';
import type { AppContext } from '../../context';
import { recordAudit } from '../../audit-log';
import { HttpError, parseInput } from '../../http/errors';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { LIFT_ACTION, liftSuppression } from './repo';

/**
 * POST /api/admin/suppressions/lift: an admin lifts an address's suppression (a mailbox that
 * works again), audited in the same transaction. The lists of bounces and suppressed addresses
 * are admin lists like the others (server/features/admin/lists.ts).
 */
export async function bounceAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onRequest', requireAdmin(ctx));
  app.post(adminApiPaths.adminSuppressionLift, async (request) => {
    const admin = await signedInAdmin(request, ctx);
    const { email } = parseInput(liftSuppressionSchema, request.body);
    return ctx.db.transaction(async (tx) => {
      const lifted = await liftSuppression(tx, email);
      if (!lifted) throw new HttpError(404, `${email} is not suppressed`);
      await recordAudit(tx, admin, { action: LIFT_ACTION, targetType: 'email', targetId: email.toLowerCase(), details: { reason: lifted.reason } });
      return { lifted: lifted.email };
    });
  });
}
