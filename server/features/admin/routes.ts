import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AdminList,
  adminLists,
  emptyBodySchema,
  type ListQuery,
  idParamsSchema,
  listQuerySchema,
  setAdminSchema,
  setContactStatusSchema,
  setHiddenSchema,
  setOutreachSchema,
  setPremiumSchema,
  summaryQuerySchema,
} from '#shared/admin/schemas';
import { adminListPaths, adminOutreachPaths, type OutreachList } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { liveMembership } from '../membership/membership';
import { membershipView } from '../membership/membership-view';
import type { AppContext } from '../../context';
import type { PersonalData } from '../../personal-data';
import { siteDayAndMonthStart, siteIsoDate } from '#shared/site-time';
import { parseInput } from '../../http/errors';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { exportCsv } from './list-export';
import { inviteToSlack, slackInvitations } from './slack';
import { listPage } from './lists';
import * as change from './mutations';
import { charts, funnel, recentActivity, summary } from './stats';

/** Every /api/admin call of docs/product.md §7 and the reports beyond it. */
export async function adminRoutes(
  app: FastifyInstance,
  { ctx, personalDataParts }: { ctx: AppContext; personalDataParts: readonly PersonalData[] },
): Promise<void> {
  app.addHook('onRequest', requireAdmin(ctx));
  const adminOf = (request: FastifyRequest) => signedInAdmin(request, ctx);
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const idWithoutBody = (request: FastifyRequest) => {
    const id = idOf(request);
    parseInput(emptyBodySchema, request.body);
    return id;
  };
  const noStore = { 'cache-control': 'no-store' };

  for (const list of adminLists) {
    const schema = listQuerySchema(list);
    const path = adminListPaths[list];
    app.get(path, async (request, reply) => {
      reply.headers(noStore);
      return listPage(ctx.db, list, parseInput(schema, request.query) as ListQuery);
    });
    app.get(`${path}.csv`, async (request, reply) => {
      const query = parseInput(schema, request.query) as ListQuery;
      // Named by the site's date, the day the admin sees on every page.
      const name = `${list}-${siteIsoDate(new Date(), ctx.env.SITE_TIMEZONE)}.csv`;
      return reply
        .headers({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` })
        .send(Readable.from(exportCsv(ctx.db, list as AdminList, query), { highWaterMark: 1 }));
    });
  }

  app.get(adminApiPaths.adminSummary, async (request, reply) => {
    const query = parseInput(summaryQuerySchema, request.query);
    // Days and months begin in the site's time zone, for Today and This Month alike, so the
    // month's count always includes today's. A caller may still give its own.
    const site = siteDayAndMonthStart(new Date(), ctx.env.SITE_TIMEZONE);
    const todayStart = query.todayStart ? new Date(query.todayStart) : site.dayStart;
    const monthStart = query.monthStart ? new Date(query.monthStart) : site.monthStart;
    reply.headers(noStore);
    return summary(ctx.db, todayStart, monthStart);
  });
  app.get(adminApiPaths.adminActivity, async (_request, reply) => reply.headers(noStore).send(await recentActivity(ctx.db)));
  app.get(adminApiPaths.adminCharts, async (_request, reply) => reply.headers(noStore).send(await charts(ctx.db, ctx.env.SITE_TIMEZONE)));
  app.get(adminApiPaths.adminFunnel, async (_request, reply) => reply.headers(noStore).send(await funnel(ctx.db, ctx.env.SITE_TIMEZONE)));

  app.patch(adminApiPaths.adminUserAdmin, async (request) =>
    change.setUserAdmin(ctx.db, await adminOf(request), idOf(request), parseInput(setAdminSchema, request.body).isAdmin),
  );
  app.patch(adminApiPaths.adminUserPremium, async (request) =>
    change.setUserPremium(ctx, await adminOf(request), idOf(request), parseInput(setPremiumSchema, request.body), request.log),
  );
  // What the premium switch would end: the confirmation names the plan and the next charge.
  app.get(adminApiPaths.adminUserMembership, async (request, reply) => {
    reply.headers(noStore);
    return { membership: membershipView(await liveMembership(ctx.db, idOf(request))) };
  });
  app.delete(adminApiPaths.adminUser, async (request) =>
    change.deleteUser(ctx, personalDataParts, await adminOf(request), idWithoutBody(request), request.log),
  );

  app.patch(adminApiPaths.adminAllyApprove, async (request) => change.setAllyApproved(ctx.db, await adminOf(request), idWithoutBody(request), true));
  app.patch(adminApiPaths.adminAllyUnapprove, async (request) => change.setAllyApproved(ctx.db, await adminOf(request), idWithoutBody(request), false));
  app.patch(adminApiPaths.adminAllyVerify, async (request) => change.verifyAlly(ctx.db, await adminOf(request), idWithoutBody(request)));
  app.delete(adminApiPaths.adminAlly, async (request) => change.deleteAlly(ctx.db, await adminOf(request), idWithoutBody(request)));
  app.patch(adminApiPaths.adminReviewHidden, async (request) =>
    change.setReviewHidden(ctx.db, await adminOf(request), idOf(request), parseInput(setHiddenSchema, request.body).hidden),
  );

  // Slack access within 24 hours.
  app.get(adminApiPaths.adminSlackInvitations, async (_request, reply) => {
    reply.headers(noStore);
    return slackInvitations(ctx);
  });
  app.post(adminApiPaths.adminSlackInvitationSend, async (request) => inviteToSlack(ctx, await adminOf(request), idWithoutBody(request), true));
  app.post(adminApiPaths.adminSlackInvitationMark, async (request) => inviteToSlack(ctx, await adminOf(request), idWithoutBody(request), false));

  app.patch(adminApiPaths.adminContactStatus, async (request) =>
    change.setContactStatus(ctx.db, await adminOf(request), idOf(request), parseInput(setContactStatusSchema, request.body).status),
  );
  for (const [list, path] of Object.entries(adminOutreachPaths) as [OutreachList, string][]) {
    app.patch(path, async (request) =>
      change.setOutreach(ctx.db, await adminOf(request), list, idOf(request), parseInput(setOutreachSchema, request.body).completed),
    );
  }
}
