import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { markdownProblem } from '#shared/markdown/render';
import type { z } from '#shared/zod';

/** An error whose status and message are meant for the client (docs/product.md (Decisions)). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Validates `data` against a shared schema: the parsed value, or a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] = 'Unknown field';
    } else if (!(field in errors)) {
      errors[field] = issue.message;
    }
  }
  const [firstField, firstMessage] = Object.entries(errors)[0] ?? ['body', 'Invalid input'];
  const message = firstMessage === 'Unknown field' ? `Unknown field: ${firstField}` : `${firstField}: ${firstMessage}`;
  throw new HttpError(400, message, errors);
}

/**
 * Markdown the renderer would stop short of (quotes or lists nested past its limit) is refused
 * when it is saved, with a 400 naming each such field, so what is stored always renders whole.
 * `fields` maps a field's name to its label and text.
 */
export function refuseUnrenderable(fields: Record<string, [label: string, markdown: string]>): void {
  const errors: Record<string, string> = {};
  for (const [field, [label, markdown]] of Object.entries(fields)) {
    const problem = markdownProblem(markdown, label);
    if (problem) errors[field] = problem;
  }
  const [first] = Object.entries(errors);
  if (first) throw new HttpError(400, `${first[0]}: ${first[1]}`, errors);
}

/** Fastify's own 4xx errors, rewritten in words a person understands. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON with Content-Type: application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length header',
};

/** Every error leaves as JSON `{ message }`; a 5xx never shows its cause, which goes to the log instead. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // When to come back: load shedding's 503, a cap on mail's 429.
    if (error instanceof HttpError && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
      reply.header('retry-after', error.retryAfterSeconds);
    // A deliberate 5xx (load shedding's 503, a payment provider out of reach's 502) says what
    // happened in its own words; every other 5xx hides its cause.
    if (status >= 500 && error instanceof HttpError) {
      if (status !== 503) request.log.error({ err: error }, error.message);
      return reply.status(status).send({ message: error.message });
    }
    if (status >= 500) {
      request.log.error({ err: withoutQueryData(error) }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const code = 'code' in error ? error.code : undefined;
    const isJsonSyntax = error instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY';
    const message = isJsonSyntax ? 'Malformed JSON body' : (code && frameworkMessages[code]) || error.message || 'Bad request';
    const body: { message: string; errors?: Record<string, string> } = { message };
    if (error instanceof HttpError && error.errors) body.errors = error.errors;
    return reply.status(status).send(body);
  });
}

/**
 * A database error as it may be logged: the query text, the driver's message and code, never
 * the parameters nor PostgreSQL's detail ("Failing row contains (…)"), which hold password
 * hashes, emails and names. Any other error is logged as it is.
 */
export function withoutQueryData(error: Error): Error | Record<string, unknown> {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown; constraint?: unknown } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${error.query}`,
    cause: cause && { message: cause.message, code: cause.code, constraint: cause.constraint },
    // The stack's first lines repeat the message, parameters included: only the frames are kept.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}
