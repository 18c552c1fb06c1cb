/** GET /api/stories/{id}/comments: oldest first; fresh 5 minutes, kept 10 (SPEC.md section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';
import { QUERY_FRESHNESS_MS } from '@whosright/contracts/shared/constants';

import { apiRequest } from '#web/lib/api-client.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';

export function getComments(
  storyId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Comment[]> {
  return apiRequest('GET', `/api/stories/${encodeURIComponent(storyId)}/comments`, {
    signal,
    schema: (s) => s.commentListSchema,
  });
}

export const commentsQueryOptions = (storyId: string) =>
  queryOptions({
    queryKey: commentKeys.list(storyId),
    queryFn: ({ signal }) => getComments(storyId, { signal }),
    staleTime: QUERY_FRESHNESS_MS.comments,
    gcTime: QUERY_FRESHNESS_MS.commentsGc,
  });

export function useComments(storyId: string) {
  return useQuery(commentsQueryOptions(storyId));
}
