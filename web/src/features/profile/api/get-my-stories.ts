/** GET /api/users/stories?cursor=: the member's stories in every status, newest first. */
import type { MyStory } from '@whosright/contracts/story/dto';

import { usePagedQuery } from '#web/lib/use-paged-query.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

export const PROFILE_PAGE_SIZE = 10;

export function useMyStories() {
  return usePagedQuery<MyStory>({
    queryKey: profileKeys.stories(),
    path: '/api/users/stories',
    params: { limit: String(PROFILE_PAGE_SIZE) },
    schema: (s) => s.myStoryPageSchema,
  });
}
