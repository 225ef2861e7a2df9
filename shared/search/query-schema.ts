import { isStorableText, unstorableTextMessage } from '../text';
import { z } from '../zod';
import { SEARCH_LIMITS, searchKinds } from './search';

/** The search's query string, for the API and the server-rendered page alike. */
export const searchParamsSchema = z.object({
  q: z
    .string({ error: 'Search must be text' })
    .max(SEARCH_LIMITS.query, `Search must be at most ${SEARCH_LIMITS.query} characters`)
    .refine(isStorableText, unstorableTextMessage)
    .default(''),
  kind: z.enum(searchKinds, { error: `Kind must be one of: ${searchKinds.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(SEARCH_LIMITS.pages, `Page must be at most ${SEARCH_LIMITS.pages}`)
    .default(1),
});
export type SearchParams = z.output<typeof searchParamsSchema>;
