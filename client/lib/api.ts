import { shellApiPaths } from '#shared/api/shell-paths';
import { reportError, routeOf } from './report-error';

/**
 * The one way the browser calls the API (docs/product.md §7): cookies always sent, a JSON body only
 * when there is a payload, and any non-OK answer thrown as an Error whose message is
 * "STATUS: text" (docs/product.md §8), with the server's `message` as the text when it sent one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly errors?: Record<string, string>,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** A failed call is recorded as an `error` event, except a visitor's expected "not signed in". */
const isExpected = (url: string, status: number) => status === 401 && url === shellApiPaths.user;

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  let res: Response;
  // A file (an image upload) is sent as itself, with its own type.
  const file = typeof Blob !== 'undefined' && data instanceof Blob ? data : null;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: file ? { 'Content-Type': file.type || 'application/octet-stream' } : data !== undefined ? { 'Content-Type': 'application/json' } : {},
      body: file ?? (data !== undefined ? JSON.stringify(data) : undefined),
    });
  } catch (error) {
    reportError('api', { status: 0, route: routeOf(url) });
    throw error;
  }
  if (!res.ok) {
    if (!isExpected(url, res.status)) reportError('api', { status: res.status, route: routeOf(url) });
    const text = (await res.text()) || res.statusText;
    let message = text;
    let errors: Record<string, string> | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown; errors?: Record<string, string> };
      if (typeof parsed.message === 'string') message = parsed.message;
      errors = parsed.errors;
    } catch {
      // Not JSON: the text itself is the message.
    }
    throw new ApiError(res.status, message, errors);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** The message to show a person: the server's own words, without the status prefix. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}
