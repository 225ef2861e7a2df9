import type { PillarSlug } from '#shared/content/pillars';
import { useQuery } from '../../lib/query-client';
import { pageQuery } from '../content/use-published';

/** The guide as published in /admin → Content: pages/field-guide.tsx prefetches it, and the server fills it in. */
export const guideContentQuery = (slug: PillarSlug) => pageQuery('field-guides', slug);

export function useGuideContent(slug: PillarSlug, enabled: boolean) {
  return useQuery({ ...guideContentQuery(slug), enabled });
}
