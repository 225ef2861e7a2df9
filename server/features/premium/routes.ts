import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import { splitFrontMatter } from '#shared/content/front-matter';
import type { PremiumResources } from '#shared/premium/resources';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { requirePremium } from '../../http/guards';
import { contentDir } from '../../paths';

/**
 * The premium hub's content (docs/product.md (Decisions), "Server behaviour"): content/premium/*.md is read
 * here and sent to premium sessions only, never imported by the client, so none of it is in
 * the public JavaScript (e2e/premium-bundle.spec.ts checks the built files). `{{SLACK_INVITE_URL}}`
 * and `{{COACHING_BOOKING_URL}}` in the text become the settings' links.
 */
async function loadSections(links: Record<string, string>): Promise<PremiumResources['sections']> {
  const dir = join(contentDir, 'premium');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  const sections = await Promise.all(
    files.map(async (file) => {
      const source = (await readFile(join(dir, file), 'utf8')).replace(/\{\{(\w+)\}\}/g, (whole, key: string) => links[key] ?? whole);
      const { meta, body } = splitFrontMatter(source);
      return {
        slug: file.replace(/^\d+-/, '').replace(/\.md$/, ''),
        title: meta.title ?? file,
        summary: meta.summary ?? '',
        html: marked.parse(body, { async: false, gfm: true }),
      };
    }),
  );
  return sections;
}

export async function premiumRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const links = { SLACK_INVITE_URL: ctx.env.SLACK_INVITE_URL, COACHING_BOOKING_URL: ctx.env.COACHING_BOOKING_URL };
  let cached: Promise<PremiumResources['sections']> | undefined;

  app.get(apiPaths.premiumResources, { preHandler: requirePremium(ctx) }, async (_request, reply): Promise<PremiumResources> => {
    // Premium answers are personal: no shared cache may keep them.
    reply.header('Cache-Control', 'private, no-store');
    cached ??= loadSections(links).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return { slackInviteUrl: links.SLACK_INVITE_URL, coachingBookingUrl: links.COACHING_BOOKING_URL, sections: await cached };
  });
}
