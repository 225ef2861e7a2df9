import { useQuery } from '../../lib/query-client';
import type { PillarSlug } from '#shared/content/pillars';

type GuideModule = Promise<{ default: { meta: Record<string, string>; html: string } }>;

/** Each guide is its own chunk (rendered to HTML at build time), loaded only when it is shown. */
const loaders: Record<PillarSlug, () => GuideModule> = {
  impact: () => import('../../../content/field-guides/impact.md'),
  humans: () => import('../../../content/field-guides/humans.md'),
  fuel: () => import('../../../content/field-guides/fuel.md'),
  gears: () => import('../../../content/field-guides/gears.md'),
  future: () => import('../../../content/field-guides/future.md'),
};

/** The guide's content as a query: pages/field-guide.tsx prefetches it, so server and browser render it at once. */
export const guideContentQuery = (slug: PillarSlug) => ({
  queryKey: ['field-guide-content', slug],
  queryFn: async () => (await loaders[slug]()).default,
  staleTime: Infinity,
});

export function useGuideContent(slug: PillarSlug, enabled: boolean) {
  return useQuery({ ...guideContentQuery(slug), enabled });
}
