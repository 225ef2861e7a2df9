import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldGuides } from '#shared/content/field-guides';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { pdfText } from '../../test/pdf-text';

/** Every guide's PDF is really generated from its Markdown, over HTTP on the real app. */
describe('GET /api/guides/:slug.pdf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(fieldGuides.map((guide) => [guide.slug, guide] as const))('%s: a PDF download carrying the guide', async (slug, guide) => {
    const res = await callApp(`${t.url}/api/guides/${slug}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-field-guide.pdf"`);
    const pdf = res.bytes;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(guide.title);
    expect(text).toContain(guide.subtitle);
    expect(text).toContain('Nonprofit Leaders Hub');
    // The first checklist item and every H2 of the Markdown made it onto the pages.
    const markdown = readFileSync(new URL(`../../../content/field-guides/${slug}.md`, import.meta.url), 'utf8');
    const firstTask = /^- \[ \] (.+)$/m.exec(markdown)![1]!;
    expect(text).toContain(firstTask);
    for (const [, heading] of markdown.matchAll(/^## (.+)$/gm)) expect(text).toContain(heading);
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('serves the same bytes again from memory', async () => {
    const [a, b] = await Promise.all([callApp(`${t.url}/api/guides/fuel.pdf`), callApp(`${t.url}/api/guides/fuel.pdf`)]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it.each(['unknown.pdf', 'gears', 'gears.txt', 'GEARS.pdf', '..%2Fstart-here.pdf', 'toString.pdf'])('%s is a 404 with a JSON message', async (file) => {
    const res = await callApp(`${t.url}/api/guides/${file}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json as { message: string }).toEqual({ message: expect.stringMatching(/field guide/i) });
  });
});
