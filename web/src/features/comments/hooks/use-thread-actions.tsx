import { useState } from 'react';

import type { useDeleteComment } from '#web/features/comments/api/delete-comment.ts';
import type { useEditComment } from '#web/features/comments/api/edit-comment.ts';
import type { usePostComment } from '#web/features/comments/api/post-comment.ts';
import type { useVoteComment } from '#web/features/comments/api/vote-comment.ts';
import { CommentForm } from '#web/features/comments/components/comment-form.tsx';
import type { ThreadActions } from '#web/features/comments/components/comment-thread-item.tsx';
import { commentNameOf } from '#web/features/comments/lib/comment-name.ts';
import { usePostWhenOnline } from '#web/lib/post-when-online.ts';

/**
 * What the comments of a thread can do: vote, delete, and reply in a box under the comment (one
 * open at a time), whose replies are then all shown; `reveal` brings a new reply into view.
 */
export function useThreadActions({
  signedIn,
  banned,
  post,
  vote,
  remove,
  edit,
  reveal,
}: {
  signedIn: boolean;
  /** A banned member reads, and can neither vote nor reply. */
  banned: boolean;
  post: ReturnType<typeof usePostComment>;
  vote: ReturnType<typeof useVoteComment>;
  remove: ReturnType<typeof useDeleteComment>;
  edit: ReturnType<typeof useEditComment>;
  reveal: (commentId: string) => void;
}): ThreadActions {
  // A reply waits for the connection on its own: the story's box stays free.
  const replying = usePostWhenOnline(post.mutate);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [openReplies, setOpenReplies] = useState<ReadonlySet<string>>(new Set());
  const openRepliesOf = (parentId: string) => setOpenReplies((open) => new Set(open).add(parentId));
  const pendingReply = post.isPending && post.variables.parentId !== undefined;

  return {
    signedIn: signedIn && !banned,
    replyTo,
    toggleReply: (id) => setReplyTo((open) => (open === id ? null : id)),
    replyBox: (parent) => (
      <CommentForm
        words={{
          id: `reply-${parent.id}`,
          label: `Reply to ${commentNameOf(parent)}`,
          labelShown: true,
          submit: 'Post Reply',
          pending: 'Posting...',
          placeholder: 'Your reply. Keep it kind.',
        }}
        pending={pendingReply}
        waiting={replying.waiting}
        onCancel={replying.cancel}
        onDismiss={() => setReplyTo(null)}
        onSubmit={(content, done) =>
          replying.submit(
            { content, parentId: parent.id },
            {
              onSuccess: (reply) => {
                done();
                setReplyTo(null);
                openRepliesOf(parent.id);
                reveal(reply.id);
              },
            },
          )
        }
      />
    ),
    editing,
    startEdit: (id) => setEditing(id),
    editBox: (comment) => (
      <CommentForm
        words={{
          id: `edit-${comment.id}`,
          label: 'Edit your comment',
          submit: 'Save',
          pending: 'Saving...',
          placeholder: '',
        }}
        initial={comment.content}
        pending={edit.isPending}
        onDismiss={() => {
          setEditing(null);
          reveal(comment.id);
        }}
        onSubmit={(content) =>
          edit.mutate(
            { commentId: comment.id, content },
            {
              onSuccess: () => {
                setEditing(null);
                reveal(comment.id);
              },
            },
          )
        }
      />
    ),
    openReplies,
    showReplies: (parentId, firstHidden) => {
      openRepliesOf(parentId);
      reveal(firstHidden);
    },
    // A second click on one's vote takes it back (neutral again).
    onVote: (comment, choice) =>
      vote.mutate({ commentId: comment.id, vote: comment.myVote === choice ? null : choice }),
    onDelete: (comment) => remove.mutate(comment.id),
    deleting: remove.isPending ? remove.variables : null,
  };
}
