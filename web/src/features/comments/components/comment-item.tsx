import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import { publicNameOf } from '@whosright/contracts/account/display-name';

import { ConfirmDeleteButton } from '#web/components/confirm-delete-button.tsx';
import { ReportButton } from '#web/components/report/report-button.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { initialsOf } from '#web/components/user-avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { timeAgo } from '#web/lib/relative-time.ts';
import { cn } from '#web/lib/utils.ts';
import { SideChip } from './side-chip.tsx';

/**
 * One comment: author, the side they voted (when they show it), age, the text (plain text, never HTML), up/down votes (disabled when
 * signed out and on one's own comment), delete on one's own, which asks first, and Report on
 * others' when signed in.
 */
export function CommentItem({
  comment,
  signedIn,
  onVote,
  onDelete,
  deleting,
}: {
  comment: Comment;
  signedIn: boolean;
  onVote: (vote: CommentVoteChoice) => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const name = publicNameOf(comment.author);
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

  return (
    // Focusable by script only: a new or newly shown comment is brought into view and focused.
    <li
      data-comment-id={comment.id}
      tabIndex={-1}
      className="flex scroll-my-2 gap-3 rounded-md py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      <Avatar className="size-8">
        {comment.author.profileImageUrl ? (
          <AvatarImage src={comment.author.profileImageUrl} alt="" />
        ) : null}
        <AvatarFallback className="bg-muted text-xs font-bold">{initialsOf(name)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{name}</span>
          {comment.side ? <SideChip side={comment.side} /> : null}
          {comment.isOwn ? <span className="text-xs text-muted-foreground">(you)</span> : null}
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {timeAgo(comment.createdAt)}
          </time>
          {held ? (
            <span className="rounded-full border px-2 text-xs font-medium text-muted-foreground">
              Awaiting review
            </span>
          ) : null}
        </p>
        <p className="text-sm break-words whitespace-pre-line">{comment.content}</p>
        {/* Only its author sees a held comment: nothing to vote on or delete until approved. */}
        {held ? null : (
          <div className="-ml-2 flex items-center gap-1">
            {voteButton('up')}
            {voteButton('down')}
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
    </li>
  );
}
