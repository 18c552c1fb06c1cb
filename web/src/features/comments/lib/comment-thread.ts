import type { Comment } from '@whosright/contracts/comment/dto';

/** Replies nest this many levels deep (the comment on the story is the first); deeper stay at the last. */
const THREAD_LEVELS = 3;

/** A comment with the replies shown under it. */
export interface ThreadNode {
  comment: Comment;
  replies: ThreadNode[];
  /** Set on a reply shown at the last level below the comment it answers: whose that is. */
  replyingTo: Comment | null;
}

/**
 * The comments as threads, each level in the order the list came in (so Oldest, Top and Newest
 * order every level). A comment whose parent is not in the list is shown on the story itself.
 * Replies to a comment at the last level are shown beside it at that level, depth first, each
 * saying whom it replies to.
 */
export function threadsOf(ordered: readonly Comment[]): ThreadNode[] {
  const ids = new Set(ordered.map((comment) => comment.id));
  const childrenOf = new Map<string, Comment[]>();
  const roots: Comment[] = [];
  for (const comment of ordered) {
    const parentId = comment.parentId;
    if (parentId && ids.has(parentId) && parentId !== comment.id) {
      const children = childrenOf.get(parentId) ?? [];
      children.push(comment);
      childrenOf.set(parentId, children);
    } else roots.push(comment);
  }
  const seen = new Set<string>();

  /** A comment at the last level, then everything below it, flattened beside it. */
  const flattened = (comment: Comment, replyingTo: Comment | null): ThreadNode[] => {
    if (seen.has(comment.id)) return [];
    seen.add(comment.id);
    const below = (childrenOf.get(comment.id) ?? []).flatMap((child) => flattened(child, comment));
    return [{ comment, replies: [], replyingTo }, ...below];
  };

  const node = (comment: Comment, level: number): ThreadNode => {
    seen.add(comment.id);
    const children = (childrenOf.get(comment.id) ?? []).filter((child) => !seen.has(child.id));
    // Levels count from 0: children at the last level take everything below them beside them.
    const replies =
      level + 2 < THREAD_LEVELS
        ? children.map((child) => node(child, level + 1))
        : children.flatMap((child) => flattened(child, null));
    return { comment, replies, replyingTo: null };
  };

  return roots.map((comment) => node(comment, 0));
}
