/** GET /api/stories?category=&cursor=: approved stories, newest first, page by page. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StoryFeed } from '@whosright/contracts/story/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

export const FEED_PAGE_SIZE = 12;

export function getStoryFeed({
  category,
  cursor,
  signal,
}: {
  category: string | null;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<StoryFeed> {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (category) params.set('category', category);
  if (cursor) params.set('cursor', cursor);
  return apiRequest('GET', `/api/stories?${params}`, { signal, schema: (s) => s.storyFeedSchema });
}

export const storyFeedQueryOptions = (category: string | null) =>
  infiniteQueryOptions({
    queryKey: storyKeys.list({ category }),
    queryFn: ({ pageParam, signal }) => getStoryFeed({ category, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useStoryFeed(category: string | null) {
  return useInfiniteQuery(storyFeedQueryOptions(category));
}
