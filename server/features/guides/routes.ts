import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findFieldGuide } from '#shared/content/field-guides';
import { site } from '#shared/site';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { contentDir } from '../../paths';
import { renderGuidePdf } from './pdf';

/**
 * `GET /api/guides/{slug}.pdf`: the field guide as a PDF, generated from the same Markdown as
 * the page (docs/product.md (Decisions)). Each PDF is built once per process and then served from memory;
 * content only changes with a deploy. The PDFs carry the free guides only, so they are not
 * gated (docs/decisions/006-field-guide-pdfs.md).
 */
export async function guidesRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  const cache = new Map<string, Promise<Buffer>>();

  const pdfFor = (slug: string): Promise<Buffer> => {
    let pdf = cache.get(slug);
    if (!pdf) {
      pdf = readFile(join(contentDir, 'field-guides', `${slug}.md`), 'utf8').then((source) => renderGuidePdf({ source, siteName: site.name }));
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
    const pdf = await pdfFor(guide.slug);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${guide.slug}-field-guide.pdf"`)
      .header('Cache-Control', 'public, max-age=3600')
      .send(pdf);
  });
}
