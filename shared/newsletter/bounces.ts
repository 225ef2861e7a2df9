import { z } from '../zod';

/**
 * What a mail server or a mail provider reported back about one copy of an edition (decision 043):
 * a hard bounce (5.x.x, the address does not take mail), a soft one (4.x.x, not now), or a
 * complaint (the recipient marked it as spam).
 */
export const bounceKinds = ['hard', 'soft', 'complaint'] as const;
export type BounceKind = (typeof bounceKinds)[number];
export const bounceKindLabels: Record<BounceKind, string> = { hard: 'Hard bounce', soft: 'Soft bounce', complaint: 'Complaint' };

/** Where the report came from: the bounce mailbox, a provider's webhook, or the mail server's answer while sending. */
export const bounceSources = ['imap', 'webhook', 'smtp'] as const;
export type BounceSource = (typeof bounceSources)[number];
export const bounceSourceLabels: Record<BounceSource, string> = { imap: 'Bounce mailbox', webhook: 'Provider webhook', smtp: 'Refused while sending' };

/** Soft bounces suppress an address once this many copies bounced softly within the window. */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 30;

/** POST /api/admin/suppressions/lift: the address whose suppression ends. */
export const liftSuppressionSchema = z
  .object({ email: z.string().trim().min(3, 'email: give the suppressed address').max(320, 'email must be at most 320 characters') })
  .strict();

/**
 * Mailgun's webhook body (its "event-data" format): the signature over timestamp and token, and the
 * event. Only the fields read are checked; Mailgun sends many more, which are left alone.
 */
export const mailgunWebhookSchema = z.object({
  signature: z
    .object({
      timestamp: z.string().regex(/^\d{1,12}$/, 'signature.timestamp must be Unix seconds'),
      token: z.string().min(1).max(200),
      signature: z.string().regex(/^[0-9a-f]{64}$/i, 'signature.signature must be 64 hexadecimal characters'),
    })
    .strict(),
  'event-data': z.looseObject({
    event: z.string().max(50),
    severity: z.string().max(50).optional(),
    recipient: z.string().max(320).optional(),
    'delivery-status': z
      .looseObject({
        code: z.union([z.number(), z.string().max(20)]).optional(),
        message: z.string().max(2000).optional(),
        description: z.string().max(2000).optional(),
      })
      .optional(),
    envelope: z.looseObject({ sender: z.string().max(500).optional() }).optional(),
    message: z.looseObject({ headers: z.looseObject({ 'message-id': z.string().max(500).optional() }).optional() }).optional(),
  }),
});
export type MailgunWebhook = z.infer<typeof mailgunWebhookSchema>;
