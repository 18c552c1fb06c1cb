/**
 * PATCH /api/comments/{id} {content} -> the comment as its author now sees it, put in place in
 * the cached list (held for review when an automod rule matched the new text).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { commentShape } from '#web/features/comments/api/comment-shapes.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';

export function editComment(commentId: string, content: string): Promise<Comment> {
  return apiRequest('PATCH', `/api/comments/${encodeURIComponent(commentId)}`, {
    body: { content },
    shape: commentShape,
  });
}

export function useEditComment(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      editComment(commentId, content),
    onSuccess: (edited) => {
      queryClient.setQueryData<Comment[]>(commentKeys.list(storyId), (list) =>
        list?.map((c) => (c.id === edited.id ? { ...c, ...edited } : c)),
      );
      toast(
        edited.awaitingReview
          ? {
              title: 'Edit Awaiting Review',
              description: 'A moderator will look at it before others can see it.',
            }
          : { title: 'Comment updated', description: 'Your edit is now visible to others.' },
      );
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Edit Failed',
        description: failureDescription(error, 'Failed to edit comment. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
