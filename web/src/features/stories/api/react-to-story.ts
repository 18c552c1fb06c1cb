/**
 * PUT /api/stories/{id}/reactions/{type} gives a reaction, DELETE of the same path withdraws it;
 * both answer the story's reaction counts. The chip changes at once (the story's cache is updated
 * before the call) and goes back, with a toast, if the call fails. A 401 goes through the shared
 * unauthorized flow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryView } from '@whosright/contracts/story/dto';
import type { ReactionType } from '@whosright/contracts/story/events';

import { toast } from '#web/hooks/use-toast.ts';
import { reactionCountsShape } from '#web/features/stories/api/story-shapes.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';

export interface ReactionChange {
  type: ReactionType;
  given: boolean;
}

export function reactToStory(id: string, { type, given }: ReactionChange) {
  const path = `/api/stories/${encodeURIComponent(id)}/reactions/${type}`;
  return apiRequest(given ? 'PUT' : 'DELETE', path, { shape: reactionCountsShape });
}

/** The story as it looks once `change` is made: the chip pressed or not, its count moved. */
export function withReaction(story: StoryView, { type, given }: ReactionChange): StoryView {
  if (story.myReactions.includes(type) === given) return story;
  return {
    ...story,
    myReactions: given ? [...story.myReactions, type] : story.myReactions.filter((t) => t !== type),
    reactions: {
      ...story.reactions,
      [type]: Math.max(0, story.reactions[type] + (given ? 1 : -1)),
    },
  };
}

export function useReactToStory(id: string) {
  const queryClient = useQueryClient();
  const key = storyKeys.detail(id);
  const mutationKey = ['story-reactions', id];
  return useMutation({
    mutationKey,
    // One after another, so the server sees quick taps in the order they were made.
    scope: { id: `story-reactions-${id}` },
    mutationFn: (change: ReactionChange) => reactToStory(id, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<StoryView>(key, (old) => old && withReaction(old, change));
    },
    onSuccess: (reactions) => {
      // A later tap still waiting has already moved the counts its way: keep them until it lands.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      queryClient.setQueryData<StoryView>(key, (old) => old && { ...old, reactions });
    },
    onError: (error, change) => {
      queryClient.setQueryData<StoryView>(
        key,
        (old) => old && withReaction(old, { ...change, given: !change.given }),
      );
      if (isUnauthorized(error)) return; // the shared flow toasts and redirects
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to save your reaction. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
