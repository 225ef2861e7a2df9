import type { ContentSection } from './content/pages';

/**
 * The query keys of the data the server looks up for a page and hands over inside it (the query
 * cache the browser hydrates from): the server's page lookups fill them, the client's hooks read
 * them. They live apart from the schemas of that data, so a page that only shows it loads no Zod
 * with its first screen.
 */
export const pageQueryKey = (section: ContentSection, slug: string) => ['/api/pages', section, slug] as const;
export const resourcesQueryKey = ['/api/resources'] as const;
/** A search as the server drew it for the person who asked (premium results whole for a premium member, locked for anyone else). */
export const searchQueryKey = (search: { q: string; kind: string | null; page: string | null }) =>
  ['/api/search', search.q, search.kind ?? '', search.page ?? ''] as const;

/** The Weekly Dish archive and one edition: the server renders /weekly-dish pages with them filled in. */
export const editionsQueryKey = ['/api/editions'] as const;
export const editionQueryKey = (slug: string) => ['/api/editions', slug] as const;
/** A premium announcement as its member reads it (the page's own query holds the LockedEdition). */
export const memberEditionQueryKey = (slug: string) => ['/api/editions', slug, 'member'] as const;

/** A saved Check-Up result: the results page reads it, the server fills it when it renders that page. */
export const checkupResultQueryKey = (id: string) => ['/api/checkup-results', id] as const;

/** An address's email preferences, by the signed link's token: the server fills it when it renders /preferences. */
export const preferencesQueryKey = (token: string) => ['/api/newsletter/preferences', token] as const;
