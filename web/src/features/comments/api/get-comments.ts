/** GET /api/stories/{id}/comments: oldest first; fresh 5 minutes, kept 10. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';
import { QUERY_FRESHNESS_MS } from '@whosright/contracts/shared/constants';

import { commentListShape } from '#web/features/comments/api/comment-shapes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';

/** The `rel="next"` target of a Link header, if any. */
function nextLink(headers: Headers): string | undefined {
  return /<([^>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1];
}

/** Every comment of the story: the server answers pages of 100 and links the next one. */
export async function getComments(
  storyId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Comment[]> {
  const comments: Comment[] = [];
  let url: string | undefined = `/api/stories/${encodeURIComponent(storyId)}/comments`;
  while (url) {
    let next: string | undefined;
    const page = await apiRequest('GET', url, {
      signal,
      shape: commentListShape,
      onHeaders: (headers) => (next = nextLink(headers)),
    });
    comments.push(...page);
    url = next;
  }
  return comments;
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
