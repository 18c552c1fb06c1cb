/** GET /api/admin/stories/{id}/history: the story's life and its tallies (the side sheet). */
import { useQuery } from '@tanstack/react-query';
import type { StoryHistory } from '@whosright/contracts/moderation/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';

export function useStoryHistory(storyId: string | null) {
  return useQuery({
    queryKey: adminKeys.history(storyId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<StoryHistory>(
        'GET',
        `/api/admin/stories/${encodeURIComponent(storyId ?? '')}/history`,
        { signal, schema: (s) => s.storyHistorySchema },
      ),
    enabled: storyId !== null,
    // Always the latest: the sheet is opened to check what just happened.
    staleTime: 0,
  });
}
