/**
 * POST /api/stories/{id}/vote. The answer carries the vote and the updated story, so the story's
 * cache (card and own vote) is set without a refetch. The server records engage with the vote;
 * the client does not send it again. A 401 goes through the shared unauthorized flow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryView } from '@whosright/contracts/story/dto';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { toast } from '#web/hooks/use-toast.ts';
import { castVoteResponseShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest, errorCode, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { voteLabel } from '#web/features/stories/lib/vote-label.ts';

export function castVote(id: string, vote: VoteChoice) {
  return apiRequest('POST', `/api/stories/${encodeURIComponent(id)}/vote`, {
    body: { vote },
    shape: castVoteResponseShape,
  });
}

export function useCastVote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: VoteChoice) => castVote(id, vote),
    onSuccess: async ({ vote, story }) => {
      // A refetch started before the vote (e.g. by signing in) must not put the buttons back.
      await queryClient.cancelQueries({ queryKey: storyKeys.detail(id) });
      queryClient.setQueryData<StoryView>(storyKeys.detail(id), (old) => ({
        ...story,
        myVote: vote.vote,
        myReactions: old?.myReactions ?? [],
        saved: old?.saved ?? false,
        following: old?.following ?? false,
        isOwn: old?.isOwn ?? false,
      }));
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      toast({ title: 'Vote Recorded!', description: `You voted ${voteLabel(vote.vote)}` });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return; // the shared flow toasts and redirects
      if (errorCode(error) === 'already_voted') {
        toast({ title: 'Already Voted', description: "You've already voted on this story." });
        void queryClient.invalidateQueries({ queryKey: storyKeys.detail(id) });
        return;
      }
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to submit vote. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
