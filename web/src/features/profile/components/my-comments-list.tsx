import { Link } from '@tanstack/react-router';
import { ThumbsDownIcon, ThumbsUpIcon } from 'lucide-react';
import type { MyComment } from '@whosright/contracts/comment/dto';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';

import { StoryMeta } from '#web/components/story-meta.tsx';
import { useDeleteMine } from '#web/features/profile/api/delete-mine.ts';
import { useMyComments } from '#web/features/profile/api/get-my-comments.ts';
import { ConfirmDeleteButton } from '#web/features/profile/components/confirm-delete-button.tsx';
import { PagedList } from '#web/features/profile/components/paged-list.tsx';

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH.profileStory
    ? `${text.slice(0, EXCERPT_LENGTH.profileStory)}...`
    : text;
}

function MyCommentCard({ comment }: { comment: MyComment }) {
  const remove = useDeleteMine('comment');
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex items-center gap-2">
        <div className="flex-1">
          <StoryMeta category={comment.story.category} createdAt={comment.createdAt} />
        </div>
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <ThumbsUpIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Upvotes</span>
          {comment.upvotes}
        </span>
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
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
      </div>
      <p className="leading-relaxed text-pretty">{comment.content}</p>
      <p className="border-l-2 pl-3 text-sm text-muted-foreground">
        On:{' '}
        <Link to="/story/$id" params={{ id: comment.story.id }} className="hover:underline">
          {excerpt(comment.story.content)}
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
