/**
 * POST /api/comments/{id}/vote {vote} -> the comment's counts and my vote; DELETE of the same
 * path (a `null` vote) takes my vote back. Errors other than unauthorized are only logged.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';

import { commentVoteCountsShape } from '#web/features/comments/api/comment-shapes.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';

export function voteComment(commentId: string, vote: CommentVoteChoice | null) {
  const path = `/api/comments/${encodeURIComponent(commentId)}/vote`;
  return vote
    ? apiRequest('POST', path, { body: { vote }, shape: commentVoteCountsShape })
    : apiRequest('DELETE', path, { shape: commentVoteCountsShape });
}

export function useVoteComment(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, vote }: { commentId: string; vote: CommentVoteChoice | null }) =>
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
