import type { ReactNode } from 'react';
import { ReplyIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';

import { ConfirmDeleteButton } from '#web/components/confirm-delete-button.tsx';
import { ReportButton } from '#web/components/report/report-button.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { initialsOf } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { commentNameOf } from '#web/features/comments/lib/comment-name.ts';
import { CommentByline } from './comment-byline.tsx';

/**
 * One comment: author, the side they voted (when they show it), age, the text (plain text, never HTML), up/down votes (disabled when
 * signed out and on one's own comment), delete on one's own, which asks first, and Report on
 * others' when signed in. Reply opens a reply box under it (`children`: the box, then its
 * replies). A reply shown beside the one it answers says "replying to" whom. A deleted comment
 * that replies answer is only "[deleted]", its replies kept under it.
 */
export function CommentItem({
  comment,
  signedIn,
  onVote,
  onDelete,
  deleting,
  onReply,
  replying = false,
  replyingTo = null,
  children,
}: {
  comment: Comment;
  signedIn: boolean;
  onVote: (vote: CommentVoteChoice) => void;
  onDelete: () => void;
  deleting: boolean;
  /** Opens (or closes) the reply box under it; absent where nobody can reply. */
  onReply?: () => void;
  replying?: boolean;
  /** The comment it answers, named when it is shown beside it rather than under it. */
  replyingTo?: Comment | null;
  children?: ReactNode;
}) {
  const name = commentNameOf(comment);
  const held = comment.awaitingReview === true;
  const canVote = signedIn && !comment.isOwn;
  const voteButton = (choice: CommentVoteChoice) => {
    const up = choice === 'up';
    const count = up ? comment.upvotes : comment.downvotes;
    const Icon = up ? ThumbsUpIcon : ThumbsDownIcon;
    // Named by what it shows, the count first ("3 upvotes"): the visible label starts the name, so
    // voice control users can say what they see.
    return (
      <Button
        variant="ghost"
        size="bare"
        disabled={!canVote}
        aria-pressed={canVote ? comment.myVote === choice : undefined}
        aria-label={`${count} ${up ? 'upvote' : 'downvote'}${count === 1 ? '' : 's'}`}
        onClick={() => onVote(choice)}
        className={cn(
          'h-8 gap-1 px-2.5 tabular-nums',
          comment.myVote !== choice ? 'text-muted-foreground' : up ? 'text-he' : 'text-she',
        )}
      >
        <Icon aria-hidden="true" />
        {count}
      </Button>
    );
  };

  if (comment.deleted)
    return (
      <li
        data-comment-id={comment.id}
        tabIndex={-1}
        className="grid scroll-my-2 gap-1 rounded-md py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <p className="text-sm text-muted-foreground italic">{name}</p>
        {children}
      </li>
    );

  return (
    // Focusable by script only: a new or newly shown comment is brought into view and focused.
    <li
      data-comment-id={comment.id}
      tabIndex={-1}
      className="grid scroll-my-2 rounded-md py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
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
          <p className="text-sm break-words whitespace-pre-line">{comment.content}</p>
          {/* Only its author sees a held comment: nothing to vote on or delete until approved. */}
          {held ? null : (
            <div className="-ml-2 flex flex-wrap items-center gap-1">
              {voteButton('up')}
              {voteButton('down')}
              {onReply ? (
                <Button
                  variant="ghost"
                  size="bare"
                  aria-expanded={replying}
                  aria-label={`Reply to ${name}`}
                  onClick={onReply}
                  className="h-8 gap-1 px-2.5 text-muted-foreground"
                >
                  <ReplyIcon aria-hidden="true" />
                  Reply
                </Button>
              ) : null}
              {comment.isOwn ? (
                <div className="ml-auto">
                  <ConfirmDeleteButton
                    what="comment"
                    label="Delete comment"
                    pending={deleting}
                    onConfirm={onDelete}
                  />
                </div>
              ) : signedIn ? (
                <ReportButton targetType="comment" targetId={comment.id} className="ml-auto" />
              ) : null}
            </div>
          )}
        </div>
      </div>
      {children}
    </li>
  );
}
