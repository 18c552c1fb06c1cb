/**
 * GET /api/stories/{id}/timeline: how the He / She split moved (cumulative counts per hour or
 * day, and the flips). Fresh for as long as the story card; a missing story is not retried.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_FRESHNESS_MS } from '@whosright/contracts/shared/constants';
import type { StoryTimeline } from '@whosright/contracts/story/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { retryUnlessMissing } from '#web/features/stories/api/get-story.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

export const storyTimelineKey = (id: string) => [...storyKeys.all, 'timeline', id] as const;

export function getStoryTimeline(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StoryTimeline> {
  return apiRequest('GET', `/api/stories/${encodeURIComponent(id)}/timeline`, {
    signal,
    schema: (s) => s.storyTimelineResponseSchema,
  });
}

export const storyTimelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyTimelineKey(id),
    queryFn: ({ signal }) => getStoryTimeline(id, { signal }),
    staleTime: QUERY_FRESHNESS_MS.story,
    retry: retryUnlessMissing,
  });

export function useStoryTimeline(id: string) {
  return useQuery(storyTimelineQueryOptions(id));
}
