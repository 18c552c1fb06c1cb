import { ReplyIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';

import { ConfirmDeleteButton } from '#web/components/confirm-delete-button.tsx';
import { ReportButton } from '#web/components/report/report-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { CommentMenu } from './comment-menu.tsx';

/** What can be done to a comment from under it, and how (decided by the thread). */
export interface CommentActionProps {
  signedIn: boolean;
  onVote: (vote: CommentVoteChoice) => void;
  onDelete: () => void;
  deleting: boolean;
  /** Opens (or closes) the reply box under it; absent where nobody can reply. */
  onReply?: (() => void) | undefined;
  replying?: boolean;
  /** Opens its text for editing; its author's alone. */
  onEdit?: (() => void) | undefined;
}

/**
 * Under a comment: up/down votes (disabled when signed out and on one's own comment), Reply, and
 * on one's own its menu (Edit) and Delete, which asks first; Report on others' when signed in.
 */
export function CommentActions({
  comment,
  name,
  signedIn,
  onVote,
  onDelete,
  deleting,
  onReply,
  replying = false,
  onEdit,
}: CommentActionProps & { comment: Comment; name: string }) {
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
        <div className="ml-auto flex items-center gap-1">
          {onEdit ? <CommentMenu onEdit={onEdit} /> : null}
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
  );
}
