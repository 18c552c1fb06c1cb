/**
 * POST /api/comments/{id}/vote {vote} -> the comment's counts and my vote. Errors other than
 * unauthorized are only logged.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';

import { commentVoteCountsShape } from '#web/features/comments/api/comment-shapes.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';

export function voteComment(commentId: string, vote: CommentVoteChoice) {
  return apiRequest('POST', `/api/comments/${encodeURIComponent(commentId)}/vote`, {
    body: { vote },
    shape: commentVoteCountsShape,
  });
}

export function useVoteComment(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, vote }: { commentId: string; vote: CommentVoteChoice }) =>
      voteComment(commentId, vote),
    onSuccess: (counts) => {
      queryClient.setQueryData<Comment[]>(commentKeys.list(storyId), (list) =>
        list?.map((c) =>
          c.id === counts.id
            ? { ...c, upvotes: counts.upvotes, downvotes: counts.downvotes, myVote: counts.myVote }
            : c,
        ),
      );
    },
    onError: (error) => {
      if (!isUnauthorized(error)) console.warn('Comment vote failed', error);
    },
  });
}
