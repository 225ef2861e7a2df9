import type { FastifyInstance } from 'fastify';
import { emptyBodySchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type BudgetBand, budgetBandLabel, budgetBandValues, PEER_MINIMUM, type PeerGroupSizes } from '#shared/checkup/organisation';
import type { AppContext } from '../../context';
import { recordAudit } from '../../audit-log';
import { parseInput } from '../../http/errors';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { type PeerGroupRow, peerGroupSizes, recomputePeerGroups, showableGroups } from './peers';

function sizesView(rows: PeerGroupRow[]): PeerGroupSizes {
  const byGroup = new Map(rows.map((row) => [row.peerGroup, row]));
  const showable = showableGroups(new Map(rows.map((row) => [row.peerGroup, row.organisations])));
  const groups = [...budgetBandValues, 'all' as const].map((group) => {
    const row = byGroup.get(group);
    const organisations = row?.organisations ?? 0;
    const label = group === 'all' ? 'All organisations' : budgetBandLabel(group as BudgetBand);
    const shown = Boolean(row?.figures);
    const hidden = shown ? null : organisations < PEER_MINIMUM ? 'too-few' : showable.has(group) ? 'waiting' : 'rest-too-few';
    return {
      group,
      label,
      organisations,
      shown,
      figuresOrganisations: shown ? (row?.figuresOrganisations ?? null) : null,
      figuresAsOf: row?.figuresAsOf?.toISOString() ?? null,
      newSince: row?.newSince ?? 0,
      hidden,
    } as const;
  });
  const computedAt = rows.length ? new Date(Math.max(...rows.map((row) => row.computedAt.getTime()))).toISOString() : null;
  return { groups, computedAt };
}

/** The peer groups' sizes (decision 040), and a recomputation on demand beside the scheduled one. */
export async function checkupAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onRequest', requireAdmin(ctx));

  app.get(adminApiPaths.adminCheckupPeers, async (_request, reply) => reply.header('cache-control', 'no-store').send(sizesView(await peerGroupSizes(ctx.db))));

  // The same work as the scheduled job, now: after a batch of attempts, or to check the figures.
  app.post(adminApiPaths.adminCheckupPeersRecompute, async (request) => {
    parseInput(emptyBodySchema, request.body);
    const admin = await signedInAdmin(request, ctx);
    const rows = await recomputePeerGroups(ctx.db);
    const all = rows.find((row) => row.peerGroup === 'all')?.organisations ?? 0;
    await recordAudit(ctx.db, admin, { action: 'checkup_peers_recomputed', targetType: 'checkup_peers', targetId: 'all', details: { organisations: all } });
    return sizesView(rows);
  });
}
