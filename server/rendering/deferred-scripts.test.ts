import { describe, expect, it } from 'vitest';
import { loaderSource, takeEntryScript } from './deferred-scripts';
import { pageDocument } from './document';

const template = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-c3.js">
    <style>body{}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('scripts loaded after the first paint', () => {
  it('takes the entry and the preloads of its imports out of the head and keeps the rest of the template', () => {
    const taken = takeEntryScript(template);
    expect(taken.entry).toBe('/assets/index-a1.js');
    expect(taken.template).not.toContain('<script');
    expect(taken.template).not.toContain('modulepreload');
    expect(taken.template).toContain('<!--app-head-->\n    <style>body{}</style>');
  });

  it('leaves a template with no entry (no client build) as it is', () => {
    expect(takeEntryScript('<head></head><body><div id="root"></div></body>')).toEqual({ template: '<head></head><body><div id="root"></div></body>' });
  });

  it("holds taps from the head, and ends the page's body with its scripts, after the page and its data, the scripts preloaded just before them", () => {
    const { template: withoutEntry } = takeEntryScript(template);
    const html = pageDocument(
      withoutEntry,
      '<title>T</title>',
      { html: '<main>Page</main>', pageData: '<script type="application/json" id="page-data">{}</script>', errors: [] },
      {
        entry: '/assets/index-a1.js',
        chunks: ['/assets/page-b2.js', '/assets/x-</script>.js'],
      },
    );
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('<main>Page</main>')).toBeLessThan(body.indexOf('id="page-data"'));
    expect(body.indexOf('id="page-data"')).toBeLessThan(body.indexOf('id="page-scripts"'));
    // The loader is in place before anything the browser could paint (decision 058), after the page's head tags.
    expect(html.indexOf(`<script>${loaderSource}</script>\n  </head>`)).toBeGreaterThan(html.indexOf('<title>T</title>'));
    expect(body).not.toContain(loaderSource);
    expect(body).toMatch(/<script type="application\/json" id="page-scripts">[^<]*<\/script>\n {2}<\/body>/);
    const list = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(body)?.[1];
    // A `<` in the list cannot close the element early; JSON reads it back the same.
    expect(JSON.parse(list!)).toEqual({ entry: '/assets/index-a1.js', chunks: ['/assets/page-b2.js', '/assets/x-</script>.js'] });
    expect(html.match(/<script/g)).toHaveLength(3);
    // Asked for as the end of the HTML arrives, before the loader (decision 056), in the list's order, each address an attribute,
    // at low priority: nothing the first paint needs (decision 092).
    expect(body.indexOf('rel="modulepreload"')).toBeGreaterThan(body.indexOf('id="page-data"'));
    expect(body.lastIndexOf('rel="modulepreload"')).toBeLessThan(body.indexOf('id="page-scripts"'));
    expect(body.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-a1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/page-b2.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/x-&lt;/script&gt;.js">',
    ]);
  });

  it('is a script the browser can parse (it is a string here, checked by no compiler)', () => {
    expect(() => new Function(loaderSource)).not.toThrow();
  });
});
