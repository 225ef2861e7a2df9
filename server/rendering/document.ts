import type { RenderedApp } from '#shared/page-render';
import { loaderHtml, type PageScripts, preloadHtml, scriptListHtml } from './deferred-scripts';

const headMarker = '<!--app-head-->';
const rootElement = '<div id="root"></div>';

/** Checks the built index.html has the places the server fills. */
export function assertTemplate(template: string): void {
  for (const marker of [headMarker, rootElement]) {
    if (!template.includes(marker)) throw new Error(`The page template (index.html) lacks ${marker}`);
  }
}

const stylesheetLink = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g;

/**
 * The template with each stylesheet it links written into a `<style>` element. A linked
 * stylesheet blocks the first paint until it has arrived: one more round trip on a phone (and
 * Lighthouse then counts the scripts fetched meanwhile as blocking too). The site's CSS is one
 * file of about 9 KB compressed, so every page carries it instead (CSP allows inline styles).
 *
 * The link stays too, disabled (never fetched) and for no media: a chunk loaded later (the member
 * home, a form's checks) lists the stylesheet among what it needs, and Vite's loader, finding no
 * link to it, added one and waited for it before running the chunk (a round trip on a phone, then
 * the whole stylesheet applied again). It looks for a link with that address, and finds this one.
 */
export function inlineStylesheets(template: string, readAsset: (path: string) => string): string {
  return template.replace(
    stylesheetLink,
    (_link, path: string) =>
      `<style>${readAsset(path).replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="/${path}" media="not all" disabled>`,
  );
}

/**
 * The HTML document of one page: the template with the page's head tags, the app as the server
 * rendered it inside #root, the data the browser hydrates from, and (in a build) the loader at
 * the end of the head and the scripts it runs at the end of the body. (Replacer functions, so a
 * `$` in the content is never read as a replacement pattern; the loader goes in before the head
 * tags, so nothing in them can be taken for the end of the head.)
 */
export function pageDocument(template: string, head: string, app: RenderedApp | undefined, scripts?: PageScripts): string {
  let html = scripts ? template.replace('</head>', () => `  ${loaderHtml}\n  </head>`) : template;
  html = html.replace(headMarker, () => head);
  if (app) html = html.replace(rootElement, () => `<div id="root">${app.html}</div>\n    ${app.pageData}`);
  if (scripts) html = html.replace('</body>', () => `  ${preloadHtml(scripts)}\n    ${scriptListHtml(scripts)}\n  </body>`);
  return html;
}

/** Used when the client has not been built (API tests): the same head, no scripts. */
export const fallbackTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    ${headMarker}
  </head>
  <body>${rootElement}</body>
</html>`;
