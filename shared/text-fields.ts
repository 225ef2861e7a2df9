import { isStorableText, unstorableTextMessage } from './text';
import { z } from './zod';

/** A required line or text of at most `max` characters, trimmed, with messages naming the field. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, unstorableTextMessage);

/** The same, but may be left empty (then ''). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, unstorableTextMessage)
    .default('');
