import type { Database } from './db/client';
import { renderMissingHtml as renderContent } from './features/content/repo';
import { renderMissingHtml as renderEditions } from './features/editions/repo';
import { renderMissingHtml as renderWebinars } from './features/webinars/service';

/**
 * Text people write is rendered once per saved version and kept as HTML (decision 031). What is
 * kept without it (written before the HTML was kept, or cleared by a migration after a change of
 * the renderer) is rendered here: at every start, before the pages are read, and by the
 * housekeeping job. Each item is rendered on its own: one that fails is logged and skipped.
 */
export async function renderMissingHtml(db: Database, log: { error(details: object, message: string): void }): Promise<number> {
  return (await renderContent(db, log)) + (await renderEditions(db, log)) + (await renderWebinars(db, log));
}
