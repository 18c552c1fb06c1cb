/**
 * POST /api/stories/{id}/comments {content, parentId?} -> the new comment (a reply with
 * `parentId`), appended to the cached list. A
 * lost connection is not a failure here: the comment box waits and posts it when the connection
 * is back (lib/post-when-online.ts), so the query client must not hold it back itself.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@whosright/contracts/comment/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { commentShape } from '#web/features/comments/api/comment-shapes.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { isNetworkFailure } from '#web/lib/post-when-online.ts';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';

/** What the comment box posts: a comment, or with `parentId` a reply to that comment. */
interface NewComment {
  content: string;
  parentId?: string;
}

export function postComment(storyId: string, { content, parentId }: NewComment): Promise<Comment> {
  return apiRequest('POST', `/api/stories/${encodeURIComponent(storyId)}/comments`, {
    body: parentId ? { content, parentId } : { content },
    shape: commentShape,
  });
}

/** The list with the comment a new reply answers counting one more reply. */
function withReplyCounted(list: readonly Comment[], reply: Comment): Comment[] {
  if (!reply.parentId || reply.awaitingReview) return [...list];
  return list.map((c) => (c.id === reply.parentId ? { ...c, replyCount: c.replyCount + 1 } : c));
}

export function usePostComment(storyId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: NewComment) => postComment(storyId, comment),
    networkMode: 'always',
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentKeys.list(storyId), (list) =>
        list
          ? [...withReplyCounted(list, comment).filter((c) => c.id !== comment.id), comment]
          : [comment],
      );
      onChanged?.();
      toast(
        comment.awaitingReview
          ? {
              title: 'Comment Awaiting Review',
              description: 'A moderator will look at it before others can see it.',
            }
          : {
              title: 'Comment Posted Successfully',
              description: 'Your comment has been added and is now visible to others.',
            },
      );
    },
    onError: (error) => {
      if (isUnauthorized(error) || isNetworkFailure(error)) return;
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to post comment. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
