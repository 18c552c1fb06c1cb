/**
 * GET /api/stories/{id}: the card and the viewer's own vote, fresh for 2 minutes (a visitor's
 * page carries it, read once). A missing story is not retried. A call the client rate limiter refuses never reached
 * the server: it waits for room in its group and goes again (the screen says "Slow down a
 * moment" meanwhile), so a fast reader never sees a live story reported missing.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_FRESHNESS_MS } from '@whosright/contracts/shared/constants';
import type { StoryView } from '@whosright/contracts/story/dto';

import { storyViewShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { errorStatus } from '#web/lib/error-message.ts';
import { takeInlinedAnswer } from '#web/lib/inlined-answers.ts';
import { shouldRetryQuery } from '#web/lib/query-client.ts';
import { RateLimitError, retryDelayAfterRefusal } from '#web/lib/client-rate-limiter.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

const storyPath = (id: string) => `/api/stories/${encodeURIComponent(id)}`;

export function getStory(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StoryView> {
  return apiRequest('GET', storyPath(id), {
    signal,
    shape: storyViewShape,
  });
}

/** 400 (not a story id) and 404 (missing or not visible) will not change on a retry. */
export function retryUnlessMissing(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status === 400 || status === 404) return false;
  return shouldRetryQuery(failureCount, error);
}

/** The story is retried after a client refusal for as long as it takes, like a queue. */
function retryStory(failureCount: number, error: unknown): boolean {
  return error instanceof RateLimitError || retryUnlessMissing(failureCount, error);
}

function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof RateLimitError) return retryDelayAfterRefusal(error);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export const storyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(id),
    queryFn: ({ signal }) => getStory(id, { signal }),
    // A visitor's story page carries the story: drawn at once, fresh as of the page's load.
    initialData: () => takeInlinedAnswer(storyPath(id), storyViewShape),
    staleTime: QUERY_FRESHNESS_MS.story,
    retry: retryStory,
    retryDelay,
  });

export function useStory(id: string) {
  return useQuery(storyQueryOptions(id));
}

/** When a story the client rate limiter held back goes again (epoch ms), while it waits. */
export function slowDownUntil(failureReason: unknown): number | null {
  return failureReason instanceof RateLimitError ? failureReason.retryAt : null;
}

/** What the story screen shows while the story is not there. */
export type StoryLoadProblem = 'slow-down' | 'not-found' | 'unavailable' | null;

export function storyLoadProblem(query: {
  isError: boolean;
  error: unknown;
  failureReason: unknown;
  data?: unknown;
}): StoryLoadProblem {
  if (query.data !== undefined) return null;
  if (!query.isError) return query.failureReason instanceof RateLimitError ? 'slow-down' : null;
  const status = errorStatus(query.error);
  return status === 404 || status === 400 ? 'not-found' : 'unavailable';
}
