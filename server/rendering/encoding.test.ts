import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliQuality, encodePage, matchesEtag, pickEncoding } from './encoding';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and wildcards', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and accepts *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('encodePage', () => {
  it('keeps the page in brotli and gzip that decode to the same bytes, with an ETag of the content', async () => {
    const html = `<!doctype html><p>${'Nonprofit leaders '.repeat(200)}</p>`;
    const page = await encodePage(200, html, 'best');
    expect(brotliDecompressSync(page.br!).toString()).toBe(html);
    expect(gunzipSync(page.gzip!).toString()).toBe(html);
    expect(page.br!.length).toBeLessThan(page.gzip!.length);
    expect((await encodePage(200, html, 'fast')).etag).toBe(page.etag);
    expect((await encodePage(200, `${html} `, 'best')).etag).not.toBe(page.etag);
  });

  it('makes only the encoding asked for when a page is for one request, and keeps no other bytes', async () => {
    const html = `<!doctype html><p>${'Check-Up results '.repeat(200)}</p>`;
    const br = await encodePage(200, html, 'fast', 'br');
    expect(brotliDecompressSync(br.br!).toString()).toBe(html);
    expect([br.gzip, br.identity]).toEqual([undefined, undefined]);
    const gzip = await encodePage(200, html, 'fast', 'gzip');
    expect(gunzipSync(gzip.gzip!).toString()).toBe(html);
    expect([gzip.br, gzip.identity]).toEqual([undefined, undefined]);
    const identity = await encodePage(200, html, 'fast', 'identity');
    expect([identity.br, identity.gzip]).toEqual([undefined, undefined]);
    expect(identity.identity!.toString()).toBe(html);
  });
});

describe('brotliQuality', () => {
  it('makes a kept page at its smallest up to 256 KB, a larger one at 9, and a page for one request fast', () => {
    expect(brotliQuality('best', 14_000)).toBe(11);
    expect(brotliQuality('best', 256 * 1024)).toBe(11);
    expect(brotliQuality('best', 256 * 1024 + 1)).toBe(9);
    expect(brotliQuality('best', 92_000_000)).toBe(9);
    expect(brotliQuality('fast', 14_000)).toBe(4);
  });

  it('keeps a large page whole in brotli', async () => {
    const html = `<!doctype html>${Array.from({ length: 6_000 }, (_, i) => `<p>Resource ${i}: ${'grant budget board '.repeat(4)}</p>`).join('')}`;
    expect(html.length).toBeGreaterThan(256 * 1024);
    const page = await encodePage(200, html, 'best');
    expect(brotliDecompressSync(page.br!).toString()).toBe(html);
    expect(gunzipSync(page.gzip!).toString()).toBe(html);
  });
});
