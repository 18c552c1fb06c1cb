/** GET /api/users/stories?cursor=: the member's stories in every status, newest first. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyStory } from '@whosright/contracts/story/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

export const PROFILE_PAGE_SIZE = 10;

export function getMyStories(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PROFILE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<{ items: MyStory[]; nextCursor: string | null }>(
    'GET',
    `/api/users/stories?${params}`,
    { signal, schema: (s) => s.myStoryPageSchema },
  );
}

export function useMyStories() {
  return useInfiniteQuery({
    queryKey: profileKeys.stories(),
    queryFn: ({ pageParam, signal }) => getMyStories(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
