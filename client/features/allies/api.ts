import { apiPath, apiPaths } from '#shared/api/paths';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '../../lib/query-client';
import type { AllyCategory, AllyPage, AllyReview, AllyReviewInput, AllySubmissionInput } from '#shared/allies/schemas';
import { apiRequest } from '../../lib/api';

export const alliesQueryKey = [apiPaths.allies] as const;

/** GET /api/allies, one page at a time; the previous results stay on screen while a new search loads. */
export function useAllies(search: string, category: AllyCategory | null) {
  return useInfiniteQuery({
    queryKey: [...alliesQueryKey, { search, category }],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ page: String(pageParam) });
      if (search) params.set('search', search);
      if (category) params.set('category', category);
      return apiRequest<AllyPage>('GET', `${apiPaths.allies}?${params}`);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSubmitAlly() {
  return useMutation({ mutationFn: (submission: AllySubmissionInput) => apiRequest<{ id: string }>('POST', apiPaths.allySubmit, submission) });
}

const reviewsKey = (allyId: string) => [apiPaths.allies, allyId, 'reviews'] as const;

export function useAllyReviews(allyId: string) {
  return useQuery({
    queryKey: reviewsKey(allyId),
    queryFn: () => apiRequest<{ reviews: AllyReview[] }>('GET', apiPath(apiPaths.allyReviews, { id: allyId })),
  });
}

/** Saving or deleting a review changes the card's average as well as the list. */
export function useReviewMutations(allyId: string) {
  const queryClient = useQueryClient();
  // The reviews key starts with the directory key, so this refreshes both.
  const refresh = () => queryClient.invalidateQueries({ queryKey: alliesQueryKey });
  const save = useMutation({
    mutationFn: (review: AllyReviewInput) => apiRequest('PUT', apiPath(apiPaths.allyReview, { id: allyId }), review),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', apiPath(apiPaths.allyReview, { id: allyId })),
    onSuccess: refresh,
  });
  return { save, remove };
}
