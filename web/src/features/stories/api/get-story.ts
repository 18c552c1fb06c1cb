/** GET /api/stories/{id}: fresh for 2 minutes. A missing story is not retried. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_FRESHNESS_MS } from '@whosright/contracts/shared/constants';
import type { StoryCard } from '@whosright/contracts/story/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { errorStatus } from '#web/lib/error-message.ts';
import { shouldRetryQuery } from '#web/lib/query-client.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

export function getStory(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StoryCard> {
  return apiRequest('GET', `/api/stories/${encodeURIComponent(id)}`, {
    signal,
    schema: (s) => s.storyCardSchema,
  });
}

/** 400 (not a story id) and 404 (missing or not visible) will not change on a retry. */
export function retryUnlessMissing(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status === 400 || status === 404) return false;
  return shouldRetryQuery(failureCount, error);
}

export const storyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(id),
    queryFn: ({ signal }) => getStory(id, { signal }),
    staleTime: QUERY_FRESHNESS_MS.story,
    retry: retryUnlessMissing,
  });

export function useStory(id: string) {
  return useQuery(storyQueryOptions(id));
}
