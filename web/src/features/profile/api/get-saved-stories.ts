/** GET /api/users/saved?cursor=: the member's saved stories still public, newest saved first. */
import type { SavedStory } from '@whosright/contracts/saved/dto';

import { PROFILE_PAGE_SIZE } from '#web/features/profile/api/get-my-stories.ts';
import { SAVED_STORIES_KEY } from '#web/lib/saved-stories-key.ts';
import { usePagedQuery } from '#web/lib/use-paged-query.ts';

export function useSavedStories(enabled: boolean) {
  return usePagedQuery<SavedStory>({
    queryKey: SAVED_STORIES_KEY,
    path: '/api/users/saved',
    params: { limit: String(PROFILE_PAGE_SIZE) },
    schema: (s) => s.savedStoriesPageSchema,
    enabled,
  });
}
