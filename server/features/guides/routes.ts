import type { FastifyInstance } from 'fastify';
import { findFieldGuide } from '#shared/content/field-guides';
import { site } from '#shared/site';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { ContentStore } from '../content/store';
import { renderGuidePdf } from './pdf';

/**
 * `GET /api/guides/{slug}.pdf`: the field guide as a PDF, generated from the same Markdown as
 * the page (docs/product.md (Decisions)): the published version. Each PDF is built once
 * per published version and then served from memory. The PDFs carry the free guides only, so
 * they are not gated (docs/decisions/006-field-guide-pdfs.md).
 */
const frontMatter = (meta: Record<string, string>) =>
  `---\n${Object.entries(meta)
    .map(([key, value]) => `${key}: ${value.replace(/\s+/g, ' ')}`)
    .join('\n')}\n---\n`;

export async function guidesRoutes(app: FastifyInstance, { content }: { ctx: AppContext; content: ContentStore }): Promise<void> {
  const cache = new Map<string, Promise<Buffer>>();
  // A publish makes every kept PDF out of date.
  content.onChange(() => cache.clear());

  const pdfFor = (slug: string): Promise<Buffer> | undefined => {
    const page = content.page('field-guides', slug);
    const markdown = content.markdown('field-guides', slug);
    const guide = findFieldGuide(slug);
    if (!page || markdown === undefined || !guide) return undefined;
    let pdf = cache.get(slug);
    if (!pdf) {
      pdf = renderGuidePdf({
        source: `${frontMatter({ title: page.title, subtitle: guide.subtitle, readingTime: guide.readingTime, description: page.summary })}${markdown}`,
        siteName: site.name,
      });
      // A failed build is not cached: the next request tries again.
      pdf.catch(() => cache.delete(slug));
      cache.set(slug, pdf);
    }
    return pdf;
  };

  app.get<{ Params: { file: string } }>(apiPaths.guideFile, async (request, reply) => {
    const match = /^([a-z]+)\.pdf$/.exec(request.params.file);
    const guide = match ? findFieldGuide(match[1]!) : undefined;
    if (!guide) throw new HttpError(404, `No field guide PDF named ${request.params.file}`);
    const building = pdfFor(guide.slug);
    if (!building) throw new HttpError(404, `The ${guide.title} is not published`);
    const pdf = await building;
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${guide.slug}-field-guide.pdf"`)
      .header('Cache-Control', 'public, max-age=3600')
      .send(pdf);
  });
}
