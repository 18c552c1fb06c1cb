/** GET /api/stories/search?q=&category=&verdict=&since=&cursor=: stories found, most relevant first. */
import type { StorySearchResult } from '@whosright/contracts/search/dto';

import { searchKeys } from '#web/features/search/api/search-keys.ts';
import { sinceOf, type SearchParams } from '#web/features/search/lib/search-params.ts';
import { usePagedQuery } from '#web/lib/use-paged-query.ts';

const SEARCH_PAGE_SIZE = 20;

export function useStorySearch(params: SearchParams) {
  const filters = {
    q: params.q ?? '',
    ...(params.category ? { category: params.category } : {}),
    ...(params.verdict ? { verdict: params.verdict } : {}),
    ...(params.within ? { since: sinceOf(params.within) } : {}),
  };
  return usePagedQuery<StorySearchResult>({
    queryKey: searchKeys.results(filters),
    path: '/api/stories/search',
    params: { ...filters, limit: String(SEARCH_PAGE_SIZE) },
    schema: (s) => s.storySearchPageSchema,
    keepPrevious: true,
    enabled: filters.q.length > 0,
  });
}
