import { Link } from '@tanstack/react-router';
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { MyComment } from '@whosright/contracts/comment/dto';

import { useDeleteMine } from '#web/features/profile/api/delete-mine.ts';
import { useMyComments } from '#web/features/profile/api/get-my-comments.ts';
import { CardTopLine } from '#web/components/card-top-line.tsx';
import { ConfirmDeleteButton } from '#web/components/confirm-delete-button.tsx';
import { PagedList } from '#web/components/paged-list.tsx';

function MyCommentCard({ comment }: { comment: MyComment }) {
  const remove = useDeleteMine('comment');
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <CardTopLine
        category={comment.story.category}
        createdAt={comment.createdAt}
        actions={
          <>
            <span className="inline-flex items-center gap-1">
              <ThumbsUpIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">Upvotes</span>
              {comment.upvotes}
            </span>
            <span className="inline-flex items-center gap-1 pl-1">
              <ThumbsDownIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">Downvotes</span>
              {comment.downvotes}
            </span>
            <ConfirmDeleteButton
              what="comment"
              label="Delete comment"
              pending={remove.isPending}
              onConfirm={() => remove.mutate(comment.id)}
            />
          </>
        }
      />
      <p className="leading-relaxed text-pretty">{comment.content}</p>
      <p className="border-l-2 pl-3 text-sm text-muted-foreground">
        On:{' '}
        <Link to="/story/$id" params={{ id: comment.story.id }} className="hover:underline">
          {comment.story.content}
        </Link>
      </p>
    </article>
  );
}

export function MyCommentsList() {
  const comments = useMyComments(true);
  return (
    <PagedList
      query={comments}
      label="My comments"
      empty="You haven't posted any comments yet."
      render={(comment) => <MyCommentCard comment={comment} />}
    />
  );
}
