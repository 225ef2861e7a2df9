import type { PublishedResource } from '#shared/content/pages';
import { type PillarName, pillarNames } from '#shared/content/pillars';

/** One entry of the library, as published in /admin → Content. */
export type Resource = PublishedResource;

export type PillarFilter = PillarName | 'All';

export interface ResourceGroup {
  pillar: PillarName;
  resources: Resource[];
}

/** `?pillar=fuel` or `Fuel` → 'Fuel'; anything unknown → 'All'. */
export function parsePillar(value: string | null): PillarFilter {
  return pillarNames.find((name) => name.toLowerCase() === value?.trim().toLowerCase()) ?? 'All';
}

/** The words of a body's HTML: tags dropped, the renderer's escapes read back. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');

/**
 * The resources matching a search and a pillar. Every word of the search must appear, in any
 * case, somewhere in the title, summary or body, so "board agenda" finds "Board Meeting Agenda".
 */
export function filterResources(resources: readonly Resource[], query: string, pillar: PillarFilter): Resource[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return resources.filter((resource) => {
    if (pillar !== 'All' && resource.pillar !== pillar) return false;
    const haystack = `${resource.title}\n${resource.summary}\n${textOf(resource.html)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Groups in pillar order (Impact, Humans, Fuel, Gears, Future), leaving out empty pillars. */
export function groupByPillar(resources: readonly Resource[]): ResourceGroup[] {
  return pillarNames
    .map((pillar) => ({ pillar, resources: resources.filter((resource) => resource.pillar === pillar) }))
    .filter((group) => group.resources.length > 0);
}

export function countLabel(count: number): string {
  return count === 1 ? '1 resource' : `${count} resources`;
}
