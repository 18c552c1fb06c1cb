/**
 * The comments under a voted story, oldest first, top or newest first (`order`, kept in the URL,
 * ordering every level of the threads): the first 3 comments on the story, then 'View {n} more
 * comments' ('View 1 more comment' for one), each with its replies nested under it; the list
 * scrolls past 24rem. Visitors read and are invited to sign in. The
 * list is keyboard-scrollable; a comment just posted, or the first one 'View more' shows, is
 * scrolled into view and focused. A comment posted offline waits in the box and is posted when
 * the connection is back.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MessageCircleIcon } from 'lucide-react';
import {
  COMMENTS_INITIALLY_SHOWN,
  COMMENTS_LIST_MAX_HEIGHT,
} from '@whosright/contracts/shared/constants';

import { BannedHint } from '#web/components/banned-hint.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useComments } from '#web/features/comments/api/get-comments.ts';
import { useDeleteComment } from '#web/features/comments/api/delete-comment.ts';
import { useEditComment } from '#web/features/comments/api/edit-comment.ts';
import { usePostComment } from '#web/features/comments/api/post-comment.ts';
import { useVoteComment } from '#web/features/comments/api/vote-comment.ts';
import { CommentForm } from '#web/features/comments/components/comment-form.tsx';
import { CommentThreadItem } from '#web/features/comments/components/comment-thread-item.tsx';
import { useThreadActions } from '#web/features/comments/hooks/use-thread-actions.tsx';
import { CommentOrderTabs } from '#web/features/comments/components/comment-order-tabs.tsx';
import { useSteadyOrder } from '#web/features/comments/hooks/use-steady-order.ts';
import type { CommentOrder } from '#web/features/comments/lib/comment-order.ts';
import { threadsOf } from '#web/features/comments/lib/comment-thread.ts';
import { usePostWhenOnline } from '#web/lib/post-when-online.ts';

/** A comment on the story itself is being posted (not a reply). */
const postingOnStory = (post: ReturnType<typeof usePostComment>) =>
  post.isPending && post.variables.parentId === undefined;

export function CommentsSection({
  storyId,
  signedIn,
  banned = false,
  order = 'oldest',
  onChanged,
}: {
  storyId: string;
  order?: CommentOrder;
  signedIn: boolean;
  /** A banned member reads the comments; the box and the votes are disabled, and say why. */
  banned?: boolean;
  /** After a post or delete (the story's comment count moved). */
  onChanged?: () => void;
}) {
  const comments = useComments(storyId);
  const post = usePostComment(storyId, onChanged);
  const posting = usePostWhenOnline(post.mutate);
  const vote = useVoteComment(storyId);
  const remove = useDeleteComment(storyId, onChanged);
  const edit = useEditComment(storyId);
  const [expanded, setExpanded] = useState(false);
  /** The comment to bring into view and focus once it is rendered. */
  const [reveal, setReveal] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const all = useSteadyOrder(comments.data ?? [], order);
  const threads = threadsOf(all);
  const shown = expanded ? threads : threads.slice(0, COMMENTS_INITIALLY_SHOWN);
  const hidden = threads.length - shown.length;
  const count = all.filter((comment) => !comment.deleted).length;

  const actions = useThreadActions({
    signedIn,
    banned,
    post,
    vote,
    remove,
    edit,
    reveal: (id) => {
      setExpanded(true);
      setReveal(id);
    },
  });

  useEffect(() => {
    if (!reveal) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-comment-id="${reveal}"]`);
    if (!item) return;
    item.scrollIntoView({ block: 'nearest' });
    item.focus({ preventScroll: true });
    setReveal(null);
  }, [reveal, shown.length, actions.openReplies]);

  const showAll = () => {
    setExpanded(true);
    setReveal(threads[COMMENTS_INITIALLY_SHOWN]?.comment.id ?? null);
  };

  return (
    <section
      aria-labelledby="comments-title"
      className="grid gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="comments-title" className="flex items-center gap-2 font-display text-lg font-bold">
          <MessageCircleIcon className="size-5" aria-hidden="true" />
          Comments
          {comments.isSuccess ? (
            <span className="font-sans text-sm font-normal text-muted-foreground">({count})</span>
          ) : null}
        </h2>
        {all.length > 1 ? <CommentOrderTabs storyId={storyId} active={order} /> : null}
      </div>

      {signedIn && banned ? (
        <BannedHint className="rounded-lg bg-muted px-4 py-3" />
      ) : signedIn ? (
        <CommentForm
          waiting={posting.waiting}
          onCancel={posting.cancel}
          pending={postingOnStory(post)}
          onSubmit={(content, done) =>
            posting.submit(
              { content },
              {
                onSuccess: (comment) => {
                  done();
                  setExpanded(true);
                  setReveal(comment.id);
                },
              },
            )
          }
        />
      ) : (
        <p className="rounded-lg bg-muted px-4 py-3 text-sm">
          <Link to="/login" className="font-semibold underline underline-offset-4">
            Sign in to join the conversation
          </Link>
        </p>
      )}

      {comments.isPending ? (
        <div role="status" aria-label="Loading comments" className="grid gap-3">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : comments.isError ? (
        <p className="text-sm text-muted-foreground">Comments could not be loaded.</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No comments yet. Be the first to say who&apos;s right.
        </p>
      ) : (
        // tabIndex: a scrolling box must be reachable by keyboard to scroll it (WCAG 2.1.1).
        <ul
          ref={list}
          aria-label="Comments"
          tabIndex={0}
          className="scroll-shadows -mx-2 divide-y overflow-y-auto overscroll-contain rounded-md px-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          style={{ maxHeight: COMMENTS_LIST_MAX_HEIGHT }}
        >
          {shown.map((thread) => (
            <CommentThreadItem key={thread.comment.id} node={thread} actions={actions} />
          ))}
        </ul>
      )}

      {hidden > 0 ? (
        <Button variant="outline" onClick={showAll} className="justify-self-center">
          View {hidden} more {hidden === 1 ? 'comment' : 'comments'}
        </Button>
      ) : null}
    </section>
  );
}
