/**
 * POST /api/stories {content, category} -> the pending story. Signed out, the answer is
 * 'Login Required' (not the generic Unauthorized); other failures 'Submission Failed'. A lost
 * connection is not a failure here: the dialog waits and submits when the connection is back
 * (lib/post-when-online.ts), so the query client must not hold it back itself.
 */
import { useMutation } from '@tanstack/react-query';
import type { StoryCard } from '@whosright/contracts/story/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { submissionErrorHandler } from '#web/features/stories/api/story-submission-error.ts';
import { storyCardShape } from '#web/features/stories/api/story-shapes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function submitStory(body: { content: string; category: string }): Promise<StoryCard> {
  return apiRequest('POST', '/api/stories', { body, shape: storyCardShape });
}

export function useSubmitStory() {
  return useMutation({
    mutationFn: submitStory,
    networkMode: 'always',
    meta: { onUnauthorized: 'ignore' },
    onSuccess: () => {
      toast({
        title: 'Story Submitted!',
        description: 'Your story has been submitted for review and will appear soon.',
      });
    },
    onError: submissionErrorHandler({
      signIn: 'Please log in to submit your story.',
      title: 'Submission Failed',
      fallback: 'Failed to submit your story. Please try again.',
    }),
  });
}
