import { z } from '../zod';

// How every admin list is asked for a page, in a module of its own: a feature's list (Teams, Team
// Check-Ups) takes its query from here without the admin lists' own schemas.

export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback);

/** Every list's order when none is asked for: newest first. */
export const DEFAULT_SORT = '-createdAt';

/** `search`, `page`, `pageSize` and `sort` (one of `keys`, or `-key` for descending) as every admin list takes them. */
export function pageQueryFields(keys: readonly string[], fallback: string) {
  const sortValues = [...keys, ...keys.map((k) => `-${k}`)] as [string, ...string[]];
  return {
    search: z
      .string()
      .max(200, 'search must be at most 200 characters')
      .optional()
      .transform((s) => (s ?? '').trim()),
    page: intParam('page', 1, MAX_PAGE, 1),
    pageSize: intParam('pageSize', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    sort: z
      .enum(sortValues, { message: `sort must be one of ${sortValues.join(', ')}` })
      .optional()
      .transform((s) => s ?? fallback),
  };
}

/** The query string of an admin list its own feature serves (Teams, Team Check-Ups): `?search=&page=&pageSize=&sort=`. */
export function pageQuerySchema(sortKeys: readonly string[], defaultSort: string) {
  return z.object(pageQueryFields(sortKeys, defaultSort)).strict();
}
