/** Flagged Comments (High Downvotes): who wrote it, its votes, its story, and Delete. */
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { FlaggedComment } from '@whosright/contracts/comment/dto';
import { categoryLabel } from '@whosright/contracts/shared/category-list';

import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { UserAvatar, userDisplayName } from '#web/components/user-avatar.tsx';
import { useDeleteFlaggedComment } from '#web/features/admin/api/delete-comment.ts';
import { useFlaggedComments } from '#web/features/admin/api/get-admin-lists.ts';
import { PermanentDeleteDialog } from '#web/features/admin/components/permanent-delete-dialog.tsx';

function FlaggedCommentCard({ comment }: { comment: FlaggedComment }) {
  const remove = useDeleteFlaggedComment();
  const { author } = comment;
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {author ? <UserAvatar user={author} size="sm" /> : null}
        <span className="font-semibold">{author ? userDisplayName(author) : 'Deleted user'}</span>
        <span className="text-muted-foreground">
          <TimeAgo at={comment.createdAt} />
        </span>
        <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-300">
          <ThumbsUpIcon aria-hidden="true" className="size-4" />+{comment.upvotes}
          <span className="sr-only">upvotes</span>
        </span>
        <span className="inline-flex items-center gap-1 font-medium text-red-700 dark:text-red-300">
          <ThumbsDownIcon aria-hidden="true" className="size-4" />-{comment.downvotes}
          <span className="sr-only">downvotes</span>
        </span>
        <div className="ml-auto">
          <PermanentDeleteDialog
            what="comment"
            description="It is removed from the story for everyone. This cannot be undone."
            onConfirm={(reason) => remove.mutate({ id: comment.id, reason })}
          />
        </div>
      </div>
      <p className="leading-relaxed text-pretty whitespace-pre-line">{comment.content}</p>
      <div className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
        <Badge variant="outline" className="bg-card">
          {categoryLabel(comment.story.category)}
        </Badge>
        {/* The server sends the story's first 100 characters. */}
        <p className="text-muted-foreground">On: {comment.story.content}</p>
      </div>
    </article>
  );
}

export function FlaggedCommentsTab() {
  return (
    <PagedList
      query={useFlaggedComments()}
      label="Flagged comments"
      empty="No flagged comments found"
      render={(comment) => <FlaggedCommentCard comment={comment} />}
    />
  );
}
