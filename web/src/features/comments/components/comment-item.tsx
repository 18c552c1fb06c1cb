import type { ReactNode } from 'react';
import type { Comment } from '@whosright/contracts/comment/dto';

import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { initialsOf } from '#web/components/user-avatar.tsx';
import { commentNameOf } from '#web/features/comments/lib/comment-name.ts';
import { CommentActions, type CommentActionProps } from './comment-actions.tsx';
import { CommentByline } from './comment-byline.tsx';

/**
 * One comment: author, the side they voted (when they show it), age, "edited" with when, the text
 * (plain text, never HTML), and what can be done to it (comment-actions.tsx). Reply opens a reply
 * box under it (`children`: the box, then its replies); Edit puts a box with its text in its place
 * (`editBox`). A reply shown beside the one it answers says "replying to" whom. A deleted comment
 * that replies answer is only "[deleted]", its replies kept under it.
 */
export function CommentItem({
  comment,
  replyingTo = null,
  editBox = null,
  children,
  ...actions
}: CommentActionProps & {
  comment: Comment;
  /** The comment it answers, named when it is shown beside it rather than under it. */
  replyingTo?: Comment | null;
  /** The box editing its text, shown in place of the text while open. */
  editBox?: ReactNode;
  children?: ReactNode;
}) {
  const name = commentNameOf(comment);
  const held = comment.awaitingReview === true;

  if (comment.deleted)
    return (
      <li
        data-comment-id={comment.id}
        tabIndex={-1}
        className="grid scroll-mt-2 scroll-mb-32 gap-1 rounded-md py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <p className="text-sm text-muted-foreground italic">{name}</p>
        {children}
      </li>
    );

  return (
    // Focusable by script only: a new or newly shown comment is brought into view and focused,
    // 8rem above the bottom edge, where the toast that says it was posted appears.
    <li
      data-comment-id={comment.id}
      tabIndex={-1}
      className="grid scroll-mt-2 scroll-mb-32 rounded-md py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      <div className="flex min-w-0 gap-3">
        <Avatar className="size-8">
          {comment.author.profileImageUrl ? (
            <AvatarImage src={comment.author.profileImageUrl} alt="" />
          ) : null}
          <AvatarFallback className="bg-muted text-xs font-bold">{initialsOf(name)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 gap-1">
          <CommentByline comment={comment} name={name} />
          {replyingTo ? (
            <p className="text-xs text-muted-foreground">replying to {commentNameOf(replyingTo)}</p>
          ) : null}
          {editBox ?? (
            <>
              <p className="text-sm break-words whitespace-pre-line">{comment.content}</p>
              {/* Only its author sees a held comment: nothing to vote on or delete until approved. */}
              {held ? null : <CommentActions comment={comment} name={name} {...actions} />}
            </>
          )}
        </div>
      </div>
      {children}
    </li>
  );
}
