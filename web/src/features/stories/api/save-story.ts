/**
 * PUT /api/stories/{id}/saved saves the story to the member's list, DELETE of the same path takes
 * it off; both answer `{ saved }`. The toggle changes at once (the story's cache is updated before
 * the call) and goes back, with a toast, if the call fails. A 401 goes through the shared
 * unauthorized flow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedState } from '@whosright/contracts/saved/dto';
import type { StoryView } from '@whosright/contracts/story/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { SAVED_STORIES_KEY } from '#web/lib/saved-stories-key.ts';
import { boolean, object } from '#web/lib/shape.ts';

const savedStateShape = object<SavedState>({ saved: boolean });

export function saveStory(id: string, saved: boolean) {
  const path = `/api/stories/${encodeURIComponent(id)}/saved`;
  return apiRequest(saved ? 'PUT' : 'DELETE', path, { shape: savedStateShape });
}

export function useSaveStory(id: string) {
  const queryClient = useQueryClient();
  const key = storyKeys.detail(id);
  const setSaved = (saved: boolean) =>
    queryClient.setQueryData<StoryView>(key, (old) => old && { ...old, saved });
  return useMutation({
    // One after another, so the server sees quick taps in the order they were made.
    scope: { id: `story-saved-${id}` },
    mutationFn: (saved: boolean) => saveStory(id, saved),
    onMutate: async (saved) => {
      await queryClient.cancelQueries({ queryKey: key });
      setSaved(saved);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SAVED_STORIES_KEY }),
    onError: (error, saved) => {
      setSaved(!saved);
      if (isUnauthorized(error)) return; // the shared flow toasts and redirects
      toast({
        title: 'Error',
        description: failureDescription(
          error,
          saved ? 'Failed to save the story. Please try again.' : 'Failed to unsave the story.',
        ),
        variant: 'destructive',
      });
    },
  });
}
