import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

/** The body of a one-click unsubscribe: the value of its List-Unsubscribe field, if it has one. */
export class OneClickForm {
  constructor(readonly listUnsubscribe: string | null) {}
}

/** Mail providers send the one-click form in either encoding, and its body is a field or two. */
const ONE_CLICK_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * Reads the form a mail client POSTs for a one-click unsubscribe (RFC 8058): urlencoded, or
 * multipart/form-data as in the RFC's own example. Multipart is read by the platform's own
 * reader (fetch's `Response.formData`), on a body Fastify has already cut at 4 KB.
 */
async function readOneClickForm(contentType: string, body: Buffer): Promise<OneClickForm> {
  if (!/^multipart\/form-data\b/i.test(contentType)) return new OneClickForm(new URLSearchParams(body.toString('utf8')).get('List-Unsubscribe'));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(
      400,
      'The form could not be read: send List-Unsubscribe=One-Click as multipart/form-data (with its boundary) or application/x-www-form-urlencoded',
    );
  }
  const value = form.get('List-Unsubscribe');
  return new OneClickForm(typeof value === 'string' ? value : null);
}

/**
 * A POST route at `path` that takes the one-click form as well as the JSON of the site's own
 * pages, in a scope of its own: only these routes read form bodies, every other one refuses them
 * as an unsupported content type. `form` is the one-click form, or null for a JSON body; a form
 * that does not say List-Unsubscribe=One-Click is refused before `handle` runs.
 */
export async function oneClickRoute<T>(
  app: FastifyInstance,
  path: string,
  handle: (request: FastifyRequest, reply: FastifyReply, form: OneClickForm | null) => Promise<T>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(ONE_CLICK_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT }, (request, body, done) => {
      readOneClickForm(String(request.headers['content-type']), body as Buffer).then(
        (form) => done(null, form),
        (error: Error) => done(error),
      );
    });
    scope.post(path, async (request, reply) => {
      const form = request.body instanceof OneClickForm ? request.body : null;
      if (form && form.listUnsubscribe !== 'One-Click') throw new HttpError(400, 'A one-click unsubscribe must send List-Unsubscribe=One-Click');
      return handle(request, reply, form);
    });
  });
}
