/** GET /api/users/comments?cursor=: the member's comments with their story, newest first. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyComment } from '@whosright/contracts/comment/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { PROFILE_PAGE_SIZE } from '#web/features/profile/api/get-my-stories.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

export function getMyComments(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PROFILE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<{ items: MyComment[]; nextCursor: string | null }>(
    'GET',
    `/api/users/comments?${params}`,
    { signal, schema: (s) => s.myCommentPageSchema },
  );
}

export function useMyComments(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileKeys.comments(),
    queryFn: ({ pageParam, signal }) => getMyComments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}
