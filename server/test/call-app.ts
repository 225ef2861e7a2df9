export interface CallOptions {
  /** Sent as JSON (never with a GET). */
  body?: unknown;
  /** Sent as it is, for what is not JSON: malformed JSON, an image, a form; its type goes in `headers`. */
  raw?: RequestInit['body'];
  /** The session cookie of the person calling (none: a visitor). */
  cookie?: string;
  headers?: Record<string, string>;
  /** 'manual' to see a redirect itself rather than the page it leads to. */
  redirect?: 'manual';
  /** To fail a request that hangs (`AbortSignal.timeout`) rather than wait for the test's own timeout. */
  signal?: AbortSignal;
}

export interface AppAnswer {
  status: number;
  /** A 2xx status. */
  ok: boolean;
  headers: Headers;
  /** The body decoded as UTF-8, as `Response.text()` reads it. */
  text: string;
  /** The parsed JSON, an empty object when the answer is not JSON (a CSV, a page, say). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint; each test asserts what it reads
  json: Record<string, any>;
  /** The body as it came, for a PDF or an image. */
  bytes: Buffer;
}

/**
 * The one way a server test calls an app over HTTP: a JSON `body` (or a `raw` one), as a signed-in
 * person (`cookie`) or nobody, and back the status, headers and the whole body read once.
 * A test that needs what this cannot give (a body read as it streams, a request that is never
 * finished) uses `fetch` itself and says why.
 */
export async function callApp(url: string, method = 'GET', { body, raw, cookie, headers, redirect, signal }: CallOptions = {}): Promise<AppAnswer> {
  const json = body !== undefined && raw === undefined && method !== 'GET';
  const res = await fetch(url, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json ? JSON.stringify(body) : raw,
    ...(redirect ? { redirect } : {}),
    ...(signal ? { signal } : {}),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: res.status, ok: res.ok, headers: res.headers, text, json: /^\s*[[{]/.test(text) ? JSON.parse(text) : {}, bytes };
}
