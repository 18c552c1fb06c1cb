/**
 * Flagged Comments (High Downvotes): who wrote it, its votes, its story (a link to it), and Keep
 * (the flag is dismissed, the comment stays) or Delete.
 */
import { Link } from '@tanstack/react-router';
import { CheckIcon, ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { FlaggedComment } from '@whosright/contracts/comment/dto';
import { categoryLabel } from '@whosright/contracts/shared/category-list';

import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmActionDialog } from '#web/components/confirm-action-dialog.tsx';
import { UserAvatar, userDisplayName } from '#web/components/user-avatar.tsx';
import { useDeleteFlaggedComment } from '#web/features/admin/api/delete-comment.ts';
import { useFlaggedComments } from '#web/features/admin/api/get-admin-lists.ts';
import { useKeepFlaggedComment } from '#web/features/admin/api/keep-comment.ts';
import { PermanentDeleteDialog } from '#web/features/admin/components/permanent-delete-dialog.tsx';
import { EarlierVersions } from '#web/features/admin/components/earlier-versions.tsx';

function FlaggedCommentCard({ comment }: { comment: FlaggedComment }) {
  const remove = useDeleteFlaggedComment();
  const keep = useKeepFlaggedComment();
  const { author } = comment;
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {author ? <UserAvatar user={author} size="sm" /> : null}
        <span className="font-semibold">{author ? userDisplayName(author) : 'Deleted user'}</span>
        <span className="text-muted-foreground">
          <TimeAgo at={comment.createdAt} />
        </span>
        {/* The two counts wrap together: a narrow card never splits them across lines. */}
        <span className="inline-flex items-center gap-3">
          <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-300">
            <ThumbsUpIcon aria-hidden="true" className="size-4" />+{comment.upvotes}
            <span className="sr-only">upvotes</span>
          </span>
          <span className="inline-flex items-center gap-1 font-medium text-red-700 dark:text-red-300">
            <ThumbsDownIcon aria-hidden="true" className="size-4" />-{comment.downvotes}
            <span className="sr-only">downvotes</span>
          </span>
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <ConfirmActionDialog
            trigger={
              <Button size="sm" variant="outline">
                <CheckIcon aria-hidden="true" />
                Keep
              </Button>
            }
            title="Keep this comment?"
            description="Its flag is dismissed and it stays on the story. More downvotes flag it again."
            confirmLabel="Keep comment"
            confirmVariant="default"
            onConfirm={(reason) => keep.mutate({ id: comment.id, reason })}
          />
          <PermanentDeleteDialog
            what="comment"
            description="It is removed from the story for everyone. This cannot be undone."
            onConfirm={(reason) => remove.mutate({ id: comment.id, reason })}
          />
        </div>
      </div>
      <p className="leading-relaxed text-pretty whitespace-pre-line">{comment.content}</p>
      <EarlierVersions versions={comment.earlierVersions} />
      <div className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
        <Badge variant="outline" className="bg-card">
          {categoryLabel(comment.story.category)}
        </Badge>
        {/* The server sends the story's first 100 characters. */}
        <p className="text-muted-foreground">
          On:{' '}
          <Link
            to="/story/$id"
            params={{ id: comment.story.id }}
            className="rounded-sm underline underline-offset-4 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            {comment.story.content}
          </Link>
        </p>
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
