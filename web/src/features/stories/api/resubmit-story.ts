/**
 * POST /api/stories/{id}/resubmit {content, category} -> the story, pending again. Its author's
 * lists (My Stories, the counters) and any screen showing it refetch: it moved back to the queue.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryCard } from '@whosright/contracts/story/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { storyCardShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { errorMessage, errorStatus, failureDescription } from '#web/lib/error-message.ts';
import { isNetworkFailure } from '#web/lib/post-when-online.ts';
import { requireLogin } from '#web/lib/unauthorized.ts';

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

const FAILED = 'Failed to resubmit your story. Please try again.';

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
    onError: (error) => {
      if (isUnauthorized(error)) {
        requireLogin('Please log in to resubmit your story.');
        return;
      }
      if (isNetworkFailure(error)) return;
      toast({
        title: 'Resubmission Failed',
        // A story no longer rejected (resubmitted from another tab) says so.
        description:
          errorStatus(error) === 409
            ? errorMessage(error, FAILED)
            : failureDescription(error, FAILED),
        variant: 'destructive',
      });
    },
  });
}
