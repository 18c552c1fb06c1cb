import type { ReactNode } from 'react';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';

import { Button } from '#web/components/ui/button.tsx';
import { CommentItem } from '#web/features/comments/components/comment-item.tsx';
import { commentNameOf } from '#web/features/comments/lib/comment-name.ts';
import type { ThreadNode } from '#web/features/comments/lib/comment-thread.ts';

/** Replies shown under a comment before "View N more replies". */
const REPLIES_SHOWN = 2;

/** What every comment of a thread can do, decided by the section that holds them. */
export interface ThreadActions {
  /** Signed in and not banned: may vote, reply and report. */
  signedIn: boolean;
  /** The comment whose reply box is open, if any. */
  replyTo: string | null;
  toggleReply: (commentId: string) => void;
  /** The reply box under `parent`. */
  replyBox: (parent: Comment) => ReactNode;
  /** The comment whose text is open for editing, if any. */
  editing: string | null;
  startEdit: (commentId: string) => void;
  /** The box editing `comment`'s text, with Cancel and Save. */
  editBox: (comment: Comment) => ReactNode;
  /** Comments whose replies are all shown. */
  openReplies: ReadonlySet<string>;
  /** Shows all the replies of `parentId` and brings `firstHidden` into view. */
  showReplies: (parentId: string, firstHidden: string) => void;
  onVote: (comment: Comment, choice: CommentVoteChoice) => void;
  onDelete: (comment: Comment) => void;
  deleting: string | null;
}

/**
 * A comment with its reply box when open, and its replies nested under it (the first two, then
 * "View N more replies"). The nesting indents by a little at each level, so three levels stay
 * readable on a 320 px screen.
 */
export function CommentThreadItem({ node, actions }: { node: ThreadNode; actions: ThreadActions }) {
  const { comment, replies } = node;
  const name = commentNameOf(comment);
  const shown = actions.openReplies.has(comment.id) ? replies : replies.slice(0, REPLIES_SHOWN);
  const hidden = replies.length - shown.length;
  const canReply = actions.signedIn && !comment.awaitingReview && !comment.deleted;
  const replying = actions.replyTo === comment.id;
  return (
    <CommentItem
      comment={comment}
      signedIn={actions.signedIn}
      onVote={(choice) => actions.onVote(comment, choice)}
      onDelete={() => actions.onDelete(comment)}
      deleting={actions.deleting === comment.id}
      onReply={canReply ? () => actions.toggleReply(comment.id) : undefined}
      replying={replying}
      replyingTo={node.replyingTo}
      onEdit={comment.isOwn ? () => actions.startEdit(comment.id) : undefined}
      editBox={actions.editing === comment.id ? actions.editBox(comment) : null}
    >
      {replying ? <div className="mt-2 sm:ml-11">{actions.replyBox(comment)}</div> : null}
      {replies.length > 0 ? (
        <div className="mt-1 ml-2 border-l pl-2 sm:ml-4 sm:pl-4">
          <ul aria-label={`Replies to ${name}`} className="divide-y">
            {shown.map((reply) => (
              <CommentThreadItem key={reply.comment.id} node={reply} actions={actions} />
            ))}
          </ul>
          {hidden > 0 ? (
            <Button
              variant="link"
              size="bare"
              className="h-8"
              onClick={() => actions.showReplies(comment.id, replies[shown.length]!.comment.id)}
            >
              View {hidden} more {hidden === 1 ? 'reply' : 'replies'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </CommentItem>
  );
}
