import { z } from '../zod';
import { isStorableText, unstorableTextMessage } from '../text';
import { emailAddress } from '../email';
import { honeypot } from '../newsletter/schemas';

/** docs/product.md §3's contact types, with the words the form shows for each. */
export const contactTypes = ['support', 'partnership', 'media', 'feedback', 'allies', 'premium', 'other'] as const;
export type ContactType = (typeof contactTypes)[number];

export const contactTypeLabels: Record<ContactType, string> = {
  support: 'Help and support',
  partnership: 'Partnership',
  media: 'Media and press',
  feedback: 'Feedback',
  allies: 'The Allies Directory',
  premium: 'Premium membership',
  other: 'Something else',
};

/** POST /api/contact (docs/product.md §5 and §7): name, email, contactType and message are required. */
export const contactMessageSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(200, 'Name must be at most 200 characters')
      .refine(isStorableText, unstorableTextMessage),
    email: emailAddress,
    organization: z
      .string({ error: 'Organization must be text' })
      .trim()
      .max(200, 'Organization must be at most 200 characters')
      .refine(isStorableText, unstorableTextMessage)
      .default(''),
    contactType: z.enum(contactTypes, { error: 'Please choose what your message is about' }),
    subject: z
      .string({ error: 'Subject must be text' })
      .trim()
      .max(300, 'Subject must be at most 300 characters')
      .refine(isStorableText, unstorableTextMessage)
      .default(''),
    message: z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(5000, 'Message must be at most 5000 characters')
      .refine(isStorableText, unstorableTextMessage),
    fax: honeypot,
  })
  .strict();

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
