import type { PublishedPage } from '../content/pages';
import type { Pillar } from '../checkup/questions';

/**
 * One suggestion of the library of actions: a content item of the 'actions' section, written and
 * published in /admin → Content like the site's pages (its versions, schedule and history), read
 * from the published content the server holds in memory.
 */
export interface LibraryAction {
  /** The item's web address in the section: stable, and what a plan's action keeps of where it came from. */
  slug: string;
  /** The action itself, said as something to do. */
  title: string;
  /** Why it matters, in a sentence or two. */
  why: string;
  /** More on how, rendered from the item's body ('' when it has none). */
  html: string;
  pillar: Pillar;
  /** The Check-Up statement it answers; null: it is for the whole pillar. */
  questionId: number | null;
  /** What helps: a field guide section, resources, an Allies category, webinar recordings. */
  links: Array<{ label: string; href: string }>;
}

/** A published item of the 'actions' section as a suggestion; null for one without its pillar (the editor requires it). */
export function libraryActionOf(page: PublishedPage): LibraryAction | null {
  if (page.section !== 'actions' || !page.fields.pillar) return null;
  return {
    slug: page.slug,
    title: page.title,
    why: page.summary,
    html: page.html,
    pillar: page.fields.pillar.toUpperCase() as Pillar,
    questionId: page.fields.statement ?? null,
    links: page.fields.links ?? [],
  };
}
