/** GET /api/users/comments?cursor=: the member's comments with their story, newest first. */
import type { MyComment } from '@whosright/contracts/comment/dto';

import { usePagedQuery } from '#web/lib/use-paged-query.ts';
import { PROFILE_PAGE_SIZE } from '#web/features/profile/api/get-my-stories.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

export function useMyComments(enabled: boolean) {
  return usePagedQuery<MyComment>({
    queryKey: profileKeys.comments(),
    path: '/api/users/comments',
    params: { limit: String(PROFILE_PAGE_SIZE) },
    schema: (s) => s.myCommentPageSchema,
    enabled,
  });
}
