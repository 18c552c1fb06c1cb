/** DELETE /api/comments/{id}: the author's own comment leaves the cached list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';

export function deleteComment(commentId: string): Promise<void> {
  return apiRequest('DELETE', `/api/comments/${encodeURIComponent(commentId)}`);
}

export function useDeleteComment(storyId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, commentId) => {
      queryClient.setQueryData<Comment[]>(commentKeys.list(storyId), (list) =>
        list?.filter((c) => c.id !== commentId),
      );
      onChanged?.();
      toast({ title: 'Comment deleted', description: 'Your comment has been removed.' });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Delete Failed',
        description: failureDescription(error, 'Failed to delete comment. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
