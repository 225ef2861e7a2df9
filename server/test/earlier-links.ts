import { createHmac } from 'node:crypto';

/**
 * A leave link's token as mail sent before decision 071 carries it: signed for its own purpose
 * ('unsubscribe' in editions and welcome emails, 'checkup-reminders', 'follow-ups'). Written out
 * here, not made by server/mail/links.ts (which signs only 'preferences' now), so the tests hold
 * the server to the exact tokens that are already in people's inboxes.
 */
export function earlierLeaveToken(key: Buffer, purpose: 'unsubscribe' | 'checkup-reminders' | 'follow-ups', email: string): string {
  const address = email.trim().toLowerCase();
  const signature = createHmac('sha256', key).update(`${purpose}\n${address}`).digest().subarray(0, 18);
  return `${Buffer.from(address).toString('base64url')}.${signature.toString('base64url')}`;
}
