/**
 * Who may call each API route: the table the authorization matrix (server/authorization-matrix.test.ts)
 * checks every registered route against, and the fuzzer uses to call each route as someone
 * who gets past its door.
 */
export type Who = 'visitor' | 'free' | 'premium' | 'admin';
export const people: Who[] = ['visitor', 'free', 'premium', 'admin'];

/**
 * Who gets past the door. `open`: everyone; `signedIn`: 401 for visitors; `premium`: 401 for
 * visitors, 403 for members without premium (the test's admin has no premium); `admin`: 401 for
 * visitors, 403 for everyone but admins. Past the door, an answer may still be a 4xx about the
 * (empty or made-up) input, never a 401/403 and never a 5xx.
 */
export type Access = 'open' | 'signedIn' | 'premium' | 'admin';

export const accessTable: Record<string, Access> = {
  'GET /api/user': 'signedIn',
  'POST /api/register': 'open',
  'POST /api/login': 'open',
  'POST /api/logout': 'open',
  'POST /api/auth/make-admin': 'open',
  'POST /api/password-reset/request': 'open',
  'POST /api/password-reset/confirm': 'open',
  'GET /api/config': 'open',
  'POST /api/events': 'open',
  'POST /api/newsletter/signup': 'open',
  'POST /api/contact': 'open',
  'POST /api/checkup-results': 'open',
  'GET /api/checkup-results/:id': 'open',
  'POST /api/checkup-results/:id/breakdown': 'open',
  'GET /api/guides/:file': 'open',
  'GET /api/login': 'open',
};

/** Routes whose open door still refuses some people for a reason of their own. */
export const exceptions: Record<string, Partial<Record<Who, number>>> = {
  // Only the first admin (or ADMIN_EMAILS) may claim admin; a visitor must sign in first.
  'POST /api/auth/make-admin': { visitor: 401, free: 403, premium: 403 },
  // The signed-in hint: a visitor asking for the user is told "nobody".
  'GET /api/user': { visitor: 401 },
};

export const expectedStatus = (access: Access, who: Who): 'allowed' | 401 | 403 => {
  if (access === 'open') return 'allowed';
  if (who === 'visitor') return 401;
  if (access === 'signedIn') return 'allowed';
  if (access === 'premium') return who === 'premium' ? 'allowed' : 403;
  return who === 'admin' ? 'allowed' : 403;
};

