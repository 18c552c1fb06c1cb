import type { Comment } from '@whosright/contracts/comment/dto';

/** How the comments under a story are ordered: oldest first by default, as the server sends them. */
export type CommentOrder = 'oldest' | 'top' | 'newest';

export const COMMENT_ORDERS: ReadonlyArray<{ value: CommentOrder; label: string }> = [
  { value: 'oldest', label: 'Oldest' },
  { value: 'top', label: 'Top' },
  { value: 'newest', label: 'Newest' },
];

/** The order a `?comments=` value names; anything else is the default (no value in the URL). */
export function commentOrderOf(value: unknown): Exclude<CommentOrder, 'oldest'> | undefined {
  return value === 'top' || value === 'newest' ? value : undefined;
}

const score = (comment: Comment) => comment.upvotes - comment.downvotes;

/**
 * The comments in `order`, from a list oldest first. Top is by score (up minus down votes), the
 * older first on a tie.
 */
export function orderComments(oldestFirst: readonly Comment[], order: CommentOrder): Comment[] {
  if (order === 'newest') return [...oldestFirst].reverse();
  if (order === 'top')
    return oldestFirst
      .map((comment, index) => ({ comment, index }))
      .sort((a, b) => score(b.comment) - score(a.comment) || a.index - b.index)
      .map(({ comment }) => comment);
  return [...oldestFirst];
}
