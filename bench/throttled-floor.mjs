// The machine's floor for `--only throttled`: what the same throttled phone needs for a page that
// costs nothing (a heading, a paragraph and a menu button, under 1 KB, no stylesheet, no script
// to fetch), served by a bare node:http server. Its first paint is what this machine, Chromium and
// the throttling take before any page can paint; its "ready" is its parse. Our pages' figures are
// read against it in the same run, as the other benchmarks are read against a bare server.
//
// Two variants: the bare response, and the same bytes with this build's response headers for `/`
// (Cross-Origin-Opener-Policy and the rest of the security headers; the Content-Security-Policy
// with this page's script hash). Their difference is what the headers cost the first paint in a
// tab that starts empty, as the bench's loads do (decision 061).
import { createHash } from 'node:crypto';
import http from 'node:http';

const script = `const m=document.querySelector('[aria-controls="mobile-menu"]');m.addEventListener('click',()=>m.setAttribute('aria-expanded','true'));document.documentElement.dataset.hydrated='true';`;
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><header><button type="button" aria-controls="mobile-menu" aria-expanded="false">Menu</button></header><main><h1>Resources and community for nonprofit leaders</h1><p>A page that costs nothing: the floor under every page of the site.</p></main><script>${script}</script></body></html>`;
const scriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

// Headers that describe the body or the connection, not the site's policy.
const bodyHeaders = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'set-cookie',
]);

/** The headers `origin` sends with `/`, made to fit the floor page (its own script hash in the policy). */
async function siteHeaders(origin) {
  const response = await fetch(`${origin}/`);
  await response.arrayBuffer();
  const headers = {};
  for (const [name, value] of response.headers) {
    if (bodyHeaders.has(name)) continue;
    headers[name] = name === 'content-security-policy' ? value.replace(/script-src [^;]*/, `script-src ${scriptHash}`) : value;
  }
  return headers;
}

/**
 * Starts the floor's server on a free port. Returns the two variants to load (name and URL),
 * `elsewhere(url)` (a page of another site linking to `url`) and `close`. `origin` is this build's
 * server, whose headers the second variant copies.
 */
export async function startFloor(origin) {
  const variants = { '/bare': {}, '/headers': await siteHeaders(origin) };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://floor');
    if (url.pathname === '/from') {
      // Another site's page with a link to the page to load (BENCH_THROTTLED_ARRIVAL=link).
      const to = url.searchParams.get('to') ?? '/';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><title>Elsewhere</title><a id="go" href="${to.replaceAll('"', '%22')}">The page</a></html>`);
      return;
    }
    const headers = variants[url.pathname];
    if (!headers) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    // On `localhost`, another site than the pages' 127.0.0.1.
    elsewhere: (to) => `http://localhost:${server.address().port}/from?to=${encodeURIComponent(to)}`,
    pages: [
      { name: 'bare page', url: `${base}/bare` },
      { name: "bare page, this build's headers", url: `${base}/headers` },
    ],
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
