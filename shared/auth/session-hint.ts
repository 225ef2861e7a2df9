/**
 * A cookie readable by scripts that only says "a session cookie was set". It carries no secret
 * (the session token stays httpOnly); it lets the browser skip the current-user call for plain
 * visitors, whose 401 would otherwise cost a request and log a console error on every page.
 */
export const SIGNED_IN_HINT_COOKIE = 'nlh_signed_in';
