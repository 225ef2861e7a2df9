import { z } from './zod';

/**
 * The largest value of PostgreSQL's `integer`. A larger number reaching such a column or a
 * lookup by it is refused by the database (a 500); refused here it is a 400 naming the field.
 */
export const INTEGER_MAX = 2_147_483_647;

/** The version of a draft a save or publish was made from. */
export const versionSchema = z
  .number({ error: 'Version must be a number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be at least 1')
  .max(INTEGER_MAX, `Version must be at most ${INTEGER_MAX}`);

/** A version number in a path (`…/versions/3`): digits only, within the column's range. */
export const versionInPathSchema = z
  .string({ error: 'number must be a version number' })
  .regex(/^[1-9]\d{0,9}$/, 'number must be a version number')
  .transform(Number)
  .refine((value) => value <= INTEGER_MAX, 'number must be a version number');
