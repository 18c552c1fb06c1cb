/**
 * POST /api/stories/{id}/resubmit {content, category} -> the story, pending again. Its author's
 * lists (My Stories, the counters) and any screen showing it refetch: it moved back to the queue.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryCard } from '@whosright/contracts/story/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { submissionErrorHandler } from '#web/features/stories/api/story-submission-error.ts';
import { storyCardShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

interface Resubmission {
  storyId: string;
  content: string;
  category: string;
}

export function resubmitStory({ storyId, ...body }: Resubmission): Promise<StoryCard> {
  return apiRequest('POST', `/api/stories/${encodeURIComponent(storyId)}/resubmit`, {
    body,
    shape: storyCardShape,
  });
}

export function useResubmitStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitStory,
    networkMode: 'always',
    meta: { onUnauthorized: 'ignore' },
    onSuccess: () => {
      void queryClient.invalidateQueries();
      toast({
        title: 'Story resubmitted',
        description: 'Your edited story is back in the queue for review.',
      });
    },
    onError: submissionErrorHandler({
      signIn: 'Please log in to resubmit your story.',
      title: 'Resubmission Failed',
      fallback: 'Failed to resubmit your story. Please try again.',
    }),
  });
}
