/**
 * The story card's Follow toggle: PUT / DELETE /api/stories/{id}/follow (lib/follow-story.ts).
 * The toggle changes at once (the story's cache is updated before the call) and goes back, with a
 * toast, if the call fails. A 401 goes through the shared unauthorized flow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryView } from '@whosright/contracts/story/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { followStory } from '#web/lib/follow-story.ts';

export function useFollowStory(id: string) {
  const queryClient = useQueryClient();
  const key = storyKeys.detail(id);
  const setFollowing = (following: boolean) =>
    queryClient.setQueryData<StoryView>(key, (old) => old && { ...old, following });
  return useMutation({
    // One after another, so the server sees quick taps in the order they were made.
    scope: { id: `story-follow-${id}` },
    mutationFn: (following: boolean) => followStory(id, following),
    onMutate: async (following) => {
      await queryClient.cancelQueries({ queryKey: key });
      setFollowing(following);
    },
    onError: (error, following) => {
      setFollowing(!following);
      if (isUnauthorized(error)) return; // the shared flow toasts and redirects
      toast({
        title: 'Error',
        description: failureDescription(
          error,
          following
            ? 'Failed to follow the story. Please try again.'
            : 'Failed to unfollow the story.',
        ),
        variant: 'destructive',
      });
    },
  });
}
