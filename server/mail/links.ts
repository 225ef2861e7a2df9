import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { apiPaths } from '#shared/api/paths';
import type { Executor } from '../db/client';
import { siteSecrets } from '../db/schema';

/**
 * Links in editions and confirmation emails carry a token bound to one address and one purpose:
 * the address and an HMAC of it under a key every server shares (stored in site_secrets, made
 * once on first start). Nobody can make a token for an address that is not theirs, and one
 * purpose's token does nothing for another. The links stay valid: an unsubscribe link in a
 * year-old edition must still work (RFC 8058).
 */
export type LinkPurpose = 'unsubscribe' | 'confirm' | 'checkup-reminders' | 'checkup-confirm' | 'follow-ups' | 'preferences';

const KEY_NAME = 'link-signing-key';

export async function loadLinkKey(db: Executor): Promise<Buffer> {
  // Two servers starting together: the first insert wins, both read the same key.
  await db.execute(sql`insert into site_secrets (name, value) values (${KEY_NAME}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
  const [row] = await db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, KEY_NAME));
  return Buffer.from(row!.value, 'base64url');
}

/** Addresses are one person whatever their case or surrounding spaces (stored trimmed, compared by lower()). */
const normalise = (email: string) => email.trim().toLowerCase();
const mac = (key: Buffer, purpose: LinkPurpose, email: string) => createHmac('sha256', key).update(`${purpose}\n${email}`).digest().subarray(0, 18);

export function signLink(key: Buffer, purpose: LinkPurpose, email: string): string {
  const address = normalise(email);
  return `${Buffer.from(address).toString('base64url')}.${mac(key, purpose, address).toString('base64url')}`;
}

/**
 * The address a token was made for, normalised, or null when it is unknown, tampered with or for
 * another purpose. The signature covers the normalised address, so the address that is checked
 * is the one returned: a token whose address part was changed in case or padded acts on the
 * signed-up address, never on a new spelling of it.
 */
export function verifyLink(key: Buffer, purpose: LinkPurpose, token: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const email = normalise(Buffer.from(encoded, 'base64url').toString('utf8'));
  if (!email.includes('@') || email.length > 320) return null;
  const expected = mac(key, purpose, email);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}

/**
 * The two unsubscribe addresses of a newsletter email: the page a person opens (GET shows, its
 * button unsubscribes) and the one-click address of the List-Unsubscribe header (RFC 8058).
 */
export function unsubscribeLinks(key: Buffer, publicUrl: string, email: string): OneClickLinks {
  return oneClickLinks(key, 'unsubscribe', publicUrl, email, { page: '/unsubscribe', api: apiPaths.newsletterUnsubscribe });
}

/** The email preferences page of an address (decision 046): which topics it receives. */
export function preferencesLink(key: Buffer, publicUrl: string, email: string): string {
  return `${publicUrl}/preferences?token=${signLink(key, 'preferences', email)}`;
}

/** The same for the Check-Up's follow-ups: their own purpose, so the link stops follow-ups and nothing else. */
export function followUpUnsubscribeLinks(key: Buffer, publicUrl: string, email: string): OneClickLinks {
  return oneClickLinks(key, 'follow-ups', publicUrl, email, { page: '/follow-ups/unsubscribe', api: apiPaths.followUpsUnsubscribe });
}

export interface OneClickLinks {
  page: string;
  oneClick: string;
  headers: Record<string, string>;
}

/** The same two addresses for another kind of mail a person can stop (the Check-Up's retake reminders, its follow-ups), with its own purpose. */
export function oneClickLinks(key: Buffer, purpose: LinkPurpose, publicUrl: string, email: string, paths: { page: string; api: string }): OneClickLinks {
  const token = signLink(key, purpose, email);
  const oneClick = `${publicUrl}${paths.api}?token=${token}`;
  return {
    page: `${publicUrl}${paths.page}?token=${token}`,
    oneClick,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
