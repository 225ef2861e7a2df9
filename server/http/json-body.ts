import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** Deeper than any body the API takes (its deepest is a handful of levels), far shallower than what breaks a recursive walk. */
export const MAX_JSON_DEPTH = 32;

export const tooDeepMessage = `JSON is nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Whether `text` nests arrays and objects more than `limit` levels, by one pass over its
 * characters (brackets inside strings do not count). Cheap enough for every body, and it never
 * recurses, so it can run before anything that does.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Every JSON body is refused with a 400 when it nests deeper than MAX_JSON_DEPTH, before it is
 * parsed: the checks after parsing (unstorable text, schemas, the database's own jsonb parser)
 * walk values recursively, and a 10 KB body of 5,000 brackets overflowed their stack into a 500.
 * An empty body (many HTTP clients send the JSON content type on every request, also on a
 * POST without a payload such as /api/logout) is no body: a route that takes none answers as
 * usual, and one that needs fields names them in its 400. Otherwise Fastify's own parser
 * (prototype poisoning refused) does the rest.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  // Fastify's default parser is the callback kind (its type also allows the promise kind).
  const parse = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new HttpError(400, `body: ${tooDeepMessage}`, { body: tooDeepMessage }), undefined);
    return parse(request, text, done);
  });
}
