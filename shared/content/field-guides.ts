import { type PillarSlug, pillars } from './pillars';

/**
 * The five field guides (docs/product.md §2 and §6): who may read each and where its back link goes.
 * Title, subtitle and reading time repeat the front matter of content/field-guides/{slug}.md so
 * the index page and the landing page need not load five guides to list them;
 * field-guides.test.ts fails if the two drift apart.
 */
export interface FieldGuideInfo {
  slug: PillarSlug;
  pillar: string;
  about: string;
  title: string;
  subtitle: string;
  readingTime: string;
  /** Gears and Humans need free access (newsletter flag, an account or premium); the rest are open to visitors. */
  requiresFreeAccess: boolean;
  back: { to: '/resources' | '/start-here'; label: 'Back to Resources' | 'Back to Start Here' };
}

const toResources = { to: '/resources', label: 'Back to Resources' } as const;
const toStartHere = { to: '/start-here', label: 'Back to Start Here' } as const;

const details: Record<PillarSlug, Omit<FieldGuideInfo, 'slug' | 'pillar' | 'about'>> = {
  impact: {
    title: 'The Impact Field Guide',
    subtitle: 'How to prove, improve, and talk about the change your programs actually create.',
    readingTime: '9 min read',
    requiresFreeAccess: false,
    back: toStartHere,
  },
  humans: {
    title: 'The Humans Field Guide',
    subtitle: 'How to hire well, keep good people, and build a team that does not run on fumes.',
    readingTime: '8 min read',
    requiresFreeAccess: true,
    back: toResources,
  },
  fuel: {
    title: 'The Fuel Field Guide',
    subtitle: 'How to raise money steadily, manage it wisely, and stop living grant to grant.',
    readingTime: '8 min read',
    requiresFreeAccess: false,
    back: toStartHere,
  },
  gears: {
    title: 'The Gears Field Guide',
    subtitle: 'How to build the systems, processes, and technology that let your team focus on the mission.',
    readingTime: '8 min read',
    requiresFreeAccess: true,
    back: toResources,
  },
  future: {
    title: 'The Future Field Guide',
    subtitle: 'How to plan, adapt, and grow without betting the organization on a single guess.',
    readingTime: '8 min read',
    requiresFreeAccess: false,
    back: toResources,
  },
};

/** In pillar order: Impact, Humans, Fuel, Gears, Future. */
export const fieldGuides: readonly FieldGuideInfo[] = pillars.map((pillar) => ({
  slug: pillar.slug,
  pillar: pillar.name,
  about: pillar.about,
  ...details[pillar.slug],
}));

export function findFieldGuide(slug: string): FieldGuideInfo | undefined {
  return fieldGuides.find((guide) => guide.slug === slug);
}
