/**
 * One request to a test app as a signed-in user (or nobody), the way the admin and member
 * feature tests talk to it: a JSON body when there is one, and back the status, the parsed JSON
 * (an empty object when the answer is not JSON, a CSV say), the text and the headers.
 */
export async function callApp(url: string, method: string, body?: unknown, cookie?: string) {
  const sends = body !== undefined && method !== 'GET';
  const res = await fetch(url, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(sends ? { 'content-type': 'application/json' } : {}) },
    body: sends ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint; each test asserts what it reads
  return { status: res.status, json: (/^\s*[[{]/.test(text) ? JSON.parse(text) : {}) as Record<string, any>, text, headers: res.headers };
}
