/**
 * Comments an automod rule held: the text, its author, its story, the rule and the phrase it
 * matched, and Approve (posted
 * for everyone) or Delete (with an optional reason).
 */
import { Link } from '@tanstack/react-router';
import { CheckIcon } from 'lucide-react';
import type { HeldComment } from '@whosright/contracts/automod/dto';

import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  useApproveHeldComment,
  useDeleteHeldComment,
  useHeldComments,
} from '#web/features/admin/api/held-comment-requests.ts';
import { PermanentDeleteDialog } from '#web/features/admin/components/permanent-delete-dialog.tsx';
import { EarlierVersions } from '#web/features/admin/components/earlier-versions.tsx';

function HeldCommentCard({ comment }: { comment: HeldComment }) {
  const approve = useApproveHeldComment();
  const remove = useDeleteHeldComment();
  const author = comment.author?.displayName ?? 'A deleted member';
  return (
    <article
      aria-label={`Held comment by ${author}`}
      className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="font-semibold">{author}</span>
        <span className="text-muted-foreground">
          held <TimeAgo at={comment.heldAt} />
        </span>
        <Badge variant="outline">rule: {comment.rule.name}</Badge>
        {comment.phrase ? <Badge variant="outline">matched: {comment.phrase}</Badge> : null}
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={approve.isPending}
            onClick={() => approve.mutate({ id: comment.id })}
          >
            <CheckIcon aria-hidden="true" />
            Approve
          </Button>
          <PermanentDeleteDialog
            what="comment"
            description="Its author no longer sees it awaiting review. This cannot be undone."
            onConfirm={(reason) => remove.mutate({ id: comment.id, reason })}
          />
        </div>
      </div>
      <p className="leading-relaxed text-pretty break-words whitespace-pre-line">
        {comment.content}
      </p>
      <EarlierVersions versions={comment.earlierVersions} />
      <Link
        to="/story/$id"
        params={{ id: comment.storyId }}
        className="w-fit rounded-sm text-sm text-muted-foreground underline underline-offset-4 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        Open its story
      </Link>
    </article>
  );
}

export function HeldCommentList() {
  return (
    <PagedList
      query={useHeldComments()}
      label="Held comments"
      empty="No comments are waiting for review"
      render={(comment) => <HeldCommentCard comment={comment} />}
    />
  );
}
