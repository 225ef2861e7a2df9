import { HttpError } from './errors';

/**
 * Every public form carries the same honeypot (the `fax` field people never see, HoneypotField
 * in the client): filled in, the request is a bot's and is refused first, before the body is
 * validated or anything is read or stored, with the same answer on every route.
 */
export function refuseFilledHoneypot(body: unknown): void {
  const fax = (body as { fax?: unknown } | null)?.fax;
  if (typeof fax === 'string' && fax.trim() !== '') throw new HttpError(400, 'Invalid submission');
}
