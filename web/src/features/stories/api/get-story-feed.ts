/** GET /api/stories?category=&sort=&cursor=: approved stories in the chosen order, page by page. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StoryFeed, StoryFeedSort } from '@whosright/contracts/story/dto';

import { storyFeedShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

export const FEED_PAGE_SIZE = 12;

/** What the home feed shows: one category or all, in one of the feed's orders. */
export interface FeedFilters {
  category: string | null;
  sort: StoryFeedSort;
}

export function getStoryFeed({
  category,
  sort,
  cursor,
  signal,
}: FeedFilters & { cursor: string | null; signal?: AbortSignal }): Promise<StoryFeed> {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (category) params.set('category', category);
  if (sort !== 'newest') params.set('sort', sort);
  if (cursor) params.set('cursor', cursor);
  return apiRequest('GET', `/api/stories?${params}`, { signal, shape: storyFeedShape });
}

export const storyFeedQueryOptions = ({ category, sort }: FeedFilters) =>
  infiniteQueryOptions({
    queryKey: storyKeys.list({ category, sort }),
    queryFn: ({ pageParam, signal }) => getStoryFeed({ category, sort, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useStoryFeed(filters: FeedFilters) {
  return useInfiniteQuery(storyFeedQueryOptions(filters));
}
