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
 *
 * Every link that lets an address leave a kind of mail (an unsubscribe or stop link, the
 * preferences page) has one purpose, 'preferences' (decision 071): the page it opens may leave its
 * own topic or any other. Confirmation links have their own purposes and leave nothing.
 */
export type LinkPurpose = 'preferences' | 'confirm' | 'checkup-confirm';

/**
 * The purposes leave links had before decision 071, one per kind of mail. Mail already sent
 * carries them, so they are read as 'preferences' wherever that is checked, and never signed again.
 */
const earlierPreferencesPurposes = ['unsubscribe', 'checkup-reminders', 'follow-ups'] as const;

const KEY_NAME = 'link-signing-key';

export async function loadLinkKey(db: Executor): Promise<Buffer> {
  // Two servers starting together: the first insert wins, both read the same key.
  await db.execute(sql`insert into site_secrets (name, value) values (${KEY_NAME}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
  const [row] = await db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, KEY_NAME));
  return Buffer.from(row!.value, 'base64url');
}

/** Addresses are one person whatever their case or surrounding spaces (stored trimmed, compared by lower()). */
const normalise = (email: string) => email.trim().toLowerCase();
const mac = (key: Buffer, purpose: LinkPurpose | (typeof earlierPreferencesPurposes)[number], email: string) =>
  createHmac('sha256', key).update(`${purpose}\n${email}`).digest().subarray(0, 18);

export function signLink(key: Buffer, purpose: LinkPurpose, email: string): string {
  const address = normalise(email);
  return `${Buffer.from(address).toString('base64url')}.${mac(key, purpose, address).toString('base64url')}`;
}

/**
 * The address a token was made for, normalised, or null when it is unknown, tampered with or for
 * another purpose ('preferences' also takes the purposes of earlier leave links). The signature
 * covers the normalised address, so the address that is checked is the one returned: a token
 * whose address part was changed in case or padded acts on the signed-up address, never on a new
 * spelling of it.
 */
export function verifyLink(key: Buffer, purpose: LinkPurpose, token: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const email = normalise(Buffer.from(encoded, 'base64url').toString('utf8'));
  if (!email.includes('@') || email.length > 320) return null;
  const given = Buffer.from(signature, 'base64url');
  const purposes = purpose === 'preferences' ? [purpose, ...earlierPreferencesPurposes] : [purpose];
  return purposes.some((signed) => {
    const expected = mac(key, signed, email);
    return given.length === expected.length && timingSafeEqual(given, expected);
  })
    ? email
    : null;
}

/**
 * The two unsubscribe addresses of a newsletter email: the page a person opens (GET shows, its
 * button unsubscribes) and the one-click address of the List-Unsubscribe header (RFC 8058).
 */
export function unsubscribeLinks(key: Buffer, publicUrl: string, email: string): OneClickLinks {
  return oneClickLinks(key, publicUrl, email, { page: '/unsubscribe', api: apiPaths.newsletterUnsubscribe });
}

/** The email preferences page of an address (decisions 046, 071): every topic, on or off. */
export function preferencesLink(key: Buffer, publicUrl: string, email: string): string {
  return `${publicUrl}/preferences?token=${signLink(key, 'preferences', email)}`;
}

/** The same for the Check-Up's follow-ups: the page and the one-click address stop follow-ups and nothing else. */
export function followUpUnsubscribeLinks(key: Buffer, publicUrl: string, email: string): OneClickLinks {
  return oneClickLinks(key, publicUrl, email, { page: '/follow-ups/unsubscribe', api: apiPaths.followUpsUnsubscribe });
}

export interface OneClickLinks {
  page: string;
  oneClick: string;
  headers: Record<string, string>;
}

/**
 * The same two addresses for another kind of mail a person can stop (the Check-Up's retake
 * reminders, its follow-ups): the paths say which kind, the token is the address's preferences one.
 */
export function oneClickLinks(key: Buffer, publicUrl: string, email: string, paths: { page: string; api: string }): OneClickLinks {
  const token = signLink(key, 'preferences', email);
  const oneClick = `${publicUrl}${paths.api}?token=${token}`;
  return {
    page: `${publicUrl}${paths.page}?token=${token}`,
    oneClick,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
