import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The return path of one copy of an edition (decision 043): `bounces+d<delivery id>-<mac>@domain`,
 * VERP-style. The delivery id names the edition and the recipient; the MAC (an HMAC of the id
 * under the key every server shares) makes the token unguessable, so a forged report cannot name
 * someone else's copy. Lower-case hex only: some mail servers change the case of a local part.
 */
const mac = (key: Buffer, deliveryId: number) => createHmac('sha256', key).update(`bounce\n${deliveryId}`).digest().subarray(0, 10).toString('hex');

export function bounceToken(key: Buffer, deliveryId: number): string {
  return `d${deliveryId}-${mac(key, deliveryId)}`;
}

/** `bounces@example.org` and a copy's token give `bounces+d12-…@example.org`. */
export function returnPath(bounceAddress: string, token: string): string {
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${token}${bounceAddress.slice(at)}`;
}

/** The copy's Message-ID carries the token too: a complaint (ARF) quotes the message, not its envelope. */
export function messageId(bounceAddress: string, token: string): string {
  return `<dish.${token}${bounceAddress.slice(bounceAddress.lastIndexOf('@'))}>`;
}

const TOKEN = /(?:\+|dish\.)(d(\d{1,15})-([0-9a-f]{20}))@/gi;

/**
 * The delivery named by the first genuine token found in `texts` (a report's recipient headers,
 * the quoted message's Return-Path and Message-ID, a provider's fields), in their order; null when
 * there is none. A token whose MAC does not match is not ours, or forged: it is passed over.
 */
export function findDelivery(key: Buffer, texts: readonly (string | undefined)[]): number | null {
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(TOKEN)) {
      const id = Number(match[2]);
      const expected = Buffer.from(mac(key, id));
      const given = Buffer.from(match[3]!.toLowerCase());
      if (Number.isSafeInteger(id) && given.length === expected.length && timingSafeEqual(given, expected)) return id;
    }
  }
  return null;
}
