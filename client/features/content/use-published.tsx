import type { ReactNode } from 'react';
import { apiPath, apiPaths } from '#shared/api/paths';
import type { ContentSection, PublishedPage, PublishedResource } from '#shared/content/pages';
import { pageQueryKey, resourcesQueryKey } from '#shared/query-keys';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { ApiError, apiRequest } from '../../lib/api';
import { useQuery } from '../../lib/query-client';
import { NotFound } from '../../components/not-found';

/**
 * A published page: the server renders it with the data filled in, and the browser
 * asks the API when it navigates here. `null` is "not published" (the server's 404 page).
 */
export const pageQuery = (section: ContentSection, slug: string) => ({
  queryKey: pageQueryKey(section, slug),
  queryFn: async (): Promise<PublishedPage | null> => {
    try {
      return await apiRequest<PublishedPage>('GET', apiPath(apiPaths.page, { section, slug }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  // A publish shows on the next page load; within a visit a minute-old copy is fine.
  staleTime: 60_000,
});

export const resourcesQuery = {
  queryKey: resourcesQueryKey,
  queryFn: () => apiRequest<PublishedResource[]>('GET', apiPaths.resources),
  staleTime: 60_000,
};

export function usePublishedPage(section: ContentSection, slug: string) {
  return useQuery(pageQuery(section, slug));
}

/** The page's text once it is here; a spinner while it loads, a way to try again, or the 404 page. */
export function PublishedContent({ section, slug, children }: { section: ContentSection; slug: string; children: (page: PublishedPage) => ReactNode }) {
  const page = usePublishedPage(section, slug);
  if (page.data) return children(page.data);
  if (page.data === null) return <NotFound />;
  if (page.isError) return <LoadFailed retry={() => void page.refetch()} />;
  return <PageLoading />;
}

export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="mx-auto my-10 max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p>We could not load this page. Check your connection and try again.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
