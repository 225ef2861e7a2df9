import { z } from '../zod';
import { emailAddress } from '../email';
import { isStorableText, unstorableTextMessage } from '../text';

/** Optional free text: trimmed, empty when absent. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, unstorableTextMessage)
    .default('');

/**
 * A hidden field real people never see (client/components/ui/field.tsx HoneypotField): a value
 * in it marks the submission as automated, so the route refuses it and stores nothing.
 */
export const honeypot = z.string().max(500).optional();

/**
 * Whether editions go to a signup, as the admin and the unsubscribe page say it. 'unsubscribed' is
 * never stored: it is a signup whose address left the newsletter (an opt-out, decision 071).
 */
export const subscriberStatuses = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
/** What a signup's own status column holds: confirmed or not, or refused by its mail server. */
export const storedSubscriberStatuses = ['pending', 'subscribed', 'bounced'] as const satisfies readonly SubscriberStatus[];
export type StoredSubscriberStatus = (typeof storedSubscriberStatuses)[number];
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending confirmation',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

/** Where a person signed up from: stored as the community signup's type. */
export const signupSources = ['newsletter', 'free-resources', 'create-profile', 'checkup', 'home'] as const;
export type SignupSource = (typeof signupSources)[number];

/** POST /api/newsletter/signup (docs/product.md §3 and §7): only the email is required; name and organization default to ''. */
export const newsletterSignupSchema = z
  .object({
    email: emailAddress,
    name: optionalText('Name', 200),
    organization: optionalText('Organization', 200),
    source: z.enum(signupSources, { error: `Source must be one of: ${signupSources.join(', ')}` }).default('newsletter'),
    fax: honeypot,
  })
  .strict();

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;

/**
 * What POST /api/newsletter/signup answers, so each form says what is true: `pending` means one
 * step is left (the confirmation link was just emailed), `subscribed` that editions come (the
 * spec's "You're subscribed!"), `bounced` that the address's mail server refuses our mail.
 * `emailed` tells whether an email (the welcome, or the confirmation link again) went out now.
 */
export interface NewsletterSignupAnswer {
  ok: true;
  status: Exclude<SubscriberStatus, 'unsubscribed'>;
  emailed: boolean;
}

/** The forms that ask for an email alone (the Check-Up's email step, the breakdown request): the one email rule. */
export const emailOnlySchema = z.object({ email: emailAddress });
export type EmailOnly = z.infer<typeof emailOnlySchema>;

/** The member home's Weekly Dish box: an email, an optional name, the honeypot. */
export const homeSignupSchema = newsletterSignupSchema.pick({ email: true, name: true, fax: true });
export type HomeSignup = z.input<typeof homeSignupSchema>;

/** The /newsletter page's own form (docs/product.md §5): the same payload, but a name is required there. */
export const newsletterPageFormSchema = newsletterSignupSchema.extend({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters').refine(isStorableText, unstorableTextMessage),
});
