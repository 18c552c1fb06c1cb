/**
 * PUT /api/stories/{id}/saved saves the story to the member's list, DELETE of the same path takes
 * it off; both answer `{ saved }`. The card's Save toggle changes at once and is put back if the
 * call fails (use-story-flag.ts); either way the saved list is fetched again.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { SavedState } from '@whosright/contracts/saved/dto';

import { useStoryFlag } from '#web/features/stories/api/use-story-flag.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { SAVED_STORIES_KEY } from '#web/lib/saved-stories-key.ts';
import { boolean, object } from '#web/lib/shape.ts';

const savedStateShape = object<SavedState>({ saved: boolean });

export function saveStory(id: string, saved: boolean) {
  const path = `/api/stories/${encodeURIComponent(id)}/saved`;
  return apiRequest(saved ? 'PUT' : 'DELETE', path, { shape: savedStateShape });
}

export function useSaveStory(id: string) {
  const queryClient = useQueryClient();
  return useStoryFlag(id, 'saved', {
    send: saveStory,
    failure: (saved) =>
      saved ? 'Failed to save the story. Please try again.' : 'Failed to unsave the story.',
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SAVED_STORIES_KEY }),
  });
}
