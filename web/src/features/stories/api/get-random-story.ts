/**
 * GET /api/stories/random?exclude={id} -> {id}; 404 when there is none. Fresh for 1 minute, no
 * retry: the freshness serves re-renders; every click of Random, Next or Skip is a new draw
 * (`drawRandomStoryId`), or the same story would come back for a minute.
 * The server never draws a story the viewer voted on or skipped: `{id: null}` means they have seen
 * every story (ALL_SEEN). Skips still on their way to it (skip-queue.ts) are named after the
 * excluded story (`exclude=current,skipped,...`), so they never come back meanwhile either.
 * `findNextStoryId` is the story screen's path: first without the current story, then any
 * story, else null.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { QUERY_FRESHNESS_MS, RANDOM_EXCLUDE_MAX } from '@whosright/contracts/shared/constants';

import { skipQueue } from '#web/features/stories/api/skip-queue.ts';
import { randomStoryShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { RateLimitError, retryDelayAfterRefusal } from '#web/lib/client-rate-limiter.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';

/** `exclude` first, then the newest skips the server has not had yet, as many as it takes. */
function excludedStories(exclude: string | null): string[] {
  const skipped = skipQueue.pending().filter((id) => id !== exclude);
  const first = exclude ? [exclude] : [];
  return [...first, ...skipped.slice(-(RANDOM_EXCLUDE_MAX - first.length))];
}

export async function getRandomStoryId(
  exclude: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string | null> {
  const excluded = excludedStories(exclude);
  const query = excluded.length ? `?exclude=${excluded.map(encodeURIComponent).join(',')}` : '';
  const { id } = await apiRequest('GET', `/api/stories/random${query}`, {
    signal,
    shape: randomStoryShape,
  });
  return id;
}

export const randomStoryQueryOptions = (exclude: string | null) =>
  queryOptions({
    queryKey: storyKeys.random(exclude),
    queryFn: ({ signal }) => getRandomStoryId(exclude, { signal }),
    staleTime: QUERY_FRESHNESS_MS.randomStory,
    retry: false,
  });

/** Hears when a draw the client rate limiter held back goes again (epoch ms). */
export type OnHeld = (until: number) => void;

/**
 * A new draw, whatever is cached; the answer is cached for re-renders. A draw the client rate
 * limiter refuses never reached the server: it waits for room and goes again (a few times), and
 * `onHeld` hears until when.
 */
export function drawRandomStoryId(
  queryClient: QueryClient,
  exclude: string | null,
  onHeld?: OnHeld,
) {
  return queryClient.fetchQuery({
    ...randomStoryQueryOptions(exclude),
    staleTime: 0,
    retry: (failures, error) => error instanceof RateLimitError && failures < 3,
    retryDelay: (_failures, error) => {
      if (error instanceof RateLimitError) onHeld?.(error.retryAt);
      return retryDelayAfterRefusal(error);
    },
  });
}

/** What Next finds: a story, every story seen already, or nothing (no story, or an error). */
export const ALL_SEEN = Symbol('all stories seen');

export async function findNextStoryId(
  queryClient: QueryClient,
  current: string,
  onHeld?: OnHeld,
): Promise<string | typeof ALL_SEEN | null> {
  try {
    return (await drawRandomStoryId(queryClient, current, onHeld)) ?? ALL_SEEN;
  } catch {
    try {
      const id = await drawRandomStoryId(queryClient, null, onHeld);
      return id === current || (id !== null && skipQueue.pending().includes(id)) ? null : id;
    } catch {
      return null;
    }
  }
}
