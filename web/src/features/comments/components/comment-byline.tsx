import type { Comment } from '@whosright/contracts/comment/dto';

import { timeAgo } from '#web/lib/relative-time.ts';
import { SideChip } from './side-chip.tsx';
import { StoryAuthorBadge } from './story-author-badge.tsx';

/**
 * Above a comment's text: who wrote it (the "Author" badge for the story's author, who shows no
 * side), the side they voted, "(you)", its age, "(edited ...)" with when its author last
 * edited it, and "Awaiting review" while held.
 */
export function CommentByline({ comment, name }: { comment: Comment; name: string }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      {comment.byStoryAuthor ? (
        <StoryAuthorBadge adminSees={comment.author} />
      ) : (
        <span className="font-semibold">{name}</span>
      )}
      {comment.side && !comment.byStoryAuthor ? <SideChip side={comment.side} /> : null}
      {comment.isOwn ? <span className="text-xs text-muted-foreground">(you)</span> : null}
      <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
        {timeAgo(comment.createdAt)}
      </time>
      {comment.editedAt ? (
        <span className="text-xs text-muted-foreground">
          (edited{' '}
          <time dateTime={comment.editedAt} title={new Date(comment.editedAt).toLocaleString()}>
            {timeAgo(comment.editedAt)}
          </time>
          )
        </span>
      ) : null}
      {comment.awaitingReview === true ? (
        <span className="rounded-full border px-2 text-xs font-medium text-muted-foreground">
          Awaiting review
        </span>
      ) : null}
    </p>
  );
}
