import { Resolver } from 'node:dns/promises';
import type { FastifyInstance } from 'fastify';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { requireAdmin } from '../../http/guards';
import { checkDeliverability } from './check';

/** The address of MAIL_FROM ("Name <a@b>" or "a@b") and its domain, lower case. */
function fromDomain(mailFrom: string): string | undefined {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const at = address.lastIndexOf('@');
  return at > 0
    ? address
        .slice(at + 1)
        .trim()
        .toLowerCase() || undefined
    : undefined;
}

/** GET /api/admin/deliverability: the sending domain's SPF, DKIM and DMARC records, checked now (decision 044). */
export async function deliverabilityAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onRequest', requireAdmin(ctx));
  app.get(adminApiPaths.adminDeliverability, async (_request, reply) => {
    const domain = fromDomain(ctx.env.MAIL_FROM);
    if (!domain)
      throw new HttpError(409, `MAIL_FROM (${ctx.env.MAIL_FROM}) has no email address to check: set it to a name and address, e.g. Hub <hello@example.org>.`);
    // One second, then two: a lookup that fails answers within about four seconds, and says so.
    const resolver = new Resolver({ timeout: 1000, tries: 2 });
    if (ctx.env.DELIVERABILITY_DNS_SERVER) resolver.setServers([ctx.env.DELIVERABILITY_DNS_SERVER]);
    const report = await checkDeliverability(resolver, { domain, dkim: ctx.env.DKIM, smtpUrl: ctx.env.SMTP_URL });
    reply.header('Cache-Control', 'private, no-store');
    return report;
  });
}
