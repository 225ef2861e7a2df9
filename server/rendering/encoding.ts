import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's smallest (quality 11) costs about 1 ms of a core per KB of page: 15 ms for a page of
 * the site, but a kept page of megabytes (a resources library of thousands of items) held a core
 * for minutes after every start (92 MB: about 95 s, while the server answered its first visitors).
 * Past this size a kept page gets quality 9: forty times faster, about 5% larger.
 */
const SMALLEST_BROTLI_MAX_BYTES = 256 * 1024;

/** The brotli quality a page is made with: its smallest for a kept page that is not large, fast settings otherwise. */
export const brotliQuality = (effort: 'best' | 'fast', bytes: number) => (effort === 'fast' ? 4 : bytes <= SMALLEST_BROTLI_MAX_BYTES ? 11 : 9);

/** A page ready to send: its bytes in the encodings made for it, and one ETag for all of them. */
export interface EncodedPage {
  status: number;
  etag: string;
  /** The page as it is: absent from a page made in brotli or gzip only (`only`), which is sent only to requests taking that. */
  identity?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Compresses a page in the thread pool. A page kept for every visitor gets both encodings at
 * their smallest (brotli 11 unless large, gzip 9: tens of milliseconds, once per page and build);
 * a page made for one request, or kept for requests taking the same encoding, gets fast settings
 * and only the encoding that request takes (`only`), without the uncompressed bytes (five times
 * the brotli's, for a page kept in memory) unless that is what it takes.
 */
export async function encodePage(status: number, html: string, effort: 'best' | 'fast', only?: Encoding): Promise<EncodedPage> {
  const identity = Buffer.from(html, 'utf8');
  const wanted = (encoding: Encoding) => only === undefined || only === encoding;
  const [br, gz] = await Promise.all([
    wanted('br')
      ? brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(effort, identity.length),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        })
      : undefined,
    wanted('gzip') ? gzipAsync(identity, { level: effort === 'best' ? 9 : 6 }) : undefined,
  ]);
  // Weak: the same page in any of its encodings is the same resource for revalidation.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { status, etag, ...(wanted('identity') ? { identity } : {}), ...(br ? { br } : {}), ...(gz ? { gzip: gz } : {}) };
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the request accepts: brotli, then gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const allows = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
