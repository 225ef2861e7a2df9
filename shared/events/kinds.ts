import { z } from '../zod';
import { isStorableText, unstorableTextMessage } from '../text';

/** The ten first-party usage event kinds of docs/product.md §1. */
export const eventKinds = [
  'page_view',
  'quiz_start',
  'quiz_complete',
  'premium_signup',
  'community_signup',
  'ally_search',
  'ally_submit',
  'resource_view',
  'field_guide_view',
  'error',
] as const;

export type EventKind = (typeof eventKinds)[number];

/**
 * What only the server can know, recorded by the server when it happens: a premium
 * signup is a confirmed payment, an ally submission and a community signup are stored rows, a
 * completed Check-Up is a stored, server-scored result. A page cannot send these.
 */
export const serverEventKinds = ['quiz_complete', 'premium_signup', 'community_signup', 'ally_submit'] as const satisfies readonly EventKind[];

/** What only the page knows: the events POST /api/events accepts. */
export const pageEventKinds = eventKinds.filter(
  (kind): kind is Exclude<EventKind, (typeof serverEventKinds)[number]> => !(serverEventKinds as readonly string[]).includes(kind),
);

/**
 * An event carries the path it happened on and a few small properties (a guide's slug, a
 * search's category, a plan): never names, emails or free text typed by a person.
 */
export const usageEventSchema = z
  .object({
    kind: z.enum(pageEventKinds, {
      error: (issue) =>
        (serverEventKinds as readonly unknown[]).includes(issue.input)
          ? `${String(issue.input)} is recorded by the server when it happens; a page cannot send it`
          : `kind must be one of ${pageEventKinds.join(', ')}`,
    }),
    path: z.string().startsWith('/', 'Path must start with /').max(300).refine(isStorableText, unstorableTextMessage),
    props: z
      .record(
        z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'Property names are short identifiers'),
        z.union([z.string().max(120).refine(isStorableText, unstorableTextMessage), z.number().finite(), z.boolean()]),
      )
      .refine((value) => Object.keys(value).length <= 10, 'At most 10 properties')
      .optional(),
  })
  .strict();

/** An event as stored: a page's (usageEventSchema) or one the server records itself. */
export type UsageEvent = Omit<z.infer<typeof usageEventSchema>, 'kind'> & { kind: EventKind };
