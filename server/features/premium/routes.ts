import type { FastifyInstance } from 'fastify';
import type { PremiumResources } from '#shared/premium-content/resources';
import { apiPaths } from '#shared/api/paths';
import { escapeHtml } from '#shared/text';
import type { AppContext } from '../../context';
import { requirePremium } from '../../http/guards';
import type { ContentStore } from '../content/store';

/**
 * The premium hub's content (docs/product.md (Decisions), "Server behaviour"): the published items
 * of the premium library, sent to premium sessions only and never in the public
 * JavaScript (e2e/premium-bundle.spec.ts checks the built files). `{{SLACK_INVITE_URL}}`
 * in the text becomes the setting's link; coaching is booked on /coaching.
 */
export async function premiumRoutes(app: FastifyInstance, { ctx, content }: { ctx: AppContext; content: ContentStore }): Promise<void> {
  const links: Record<string, string> = { SLACK_INVITE_URL: ctx.env.SLACK_INVITE_URL };
  // The pages' HTML was rendered when published, with `{{NAME}}` kept in link addresses; the
  // settings' links are filled in here, once per publish.
  const fill = (html: string) => html.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (links[key] ? escapeHtml(links[key]) : whole));
  let rendered: { generation: number; sections: PremiumResources['sections'] } | undefined;
  const sections = () => {
    if (rendered?.generation !== content.generation()) {
      rendered = {
        generation: content.generation(),
        sections: content.section('premium').map((page) => ({ slug: page.slug, title: page.title, summary: page.summary, html: fill(page.html) })),
      };
    }
    return rendered.sections;
  };

  app.get(apiPaths.premiumResources, { preHandler: requirePremium(ctx) }, async (_request, reply): Promise<PremiumResources> => {
    // Premium answers are personal: no shared cache may keep them.
    reply.header('Cache-Control', 'private, no-store');
    return { slackInviteUrl: links.SLACK_INVITE_URL!, sections: sections() };
  });
}
