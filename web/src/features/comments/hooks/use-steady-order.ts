import { useState } from 'react';
import type { Comment } from '@whosright/contracts/comment/dto';

import { orderComments, type CommentOrder } from '#web/features/comments/lib/comment-order.ts';

/**
 * The comments in `order`, ranked again only when the order or the set of comments changes: a
 * vote that moves a score under Top does not make the comment jump away from the pointer that
 * just voted on it. The comments themselves (their counts) are always the latest.
 */
export function useSteadyOrder(oldestFirst: readonly Comment[], order: CommentOrder): Comment[] {
  const key = `${order} ${oldestFirst.map((comment) => comment.id).join(' ')}`;
  const [ranking, setRanking] = useState(() => ({
    key,
    ids: orderComments(oldestFirst, order).map((comment) => comment.id),
  }));
  let ids = ranking.ids;
  if (ranking.key !== key) {
    // Adjusting state while rendering, as React documents for a value derived from props.
    ids = orderComments(oldestFirst, order).map((comment) => comment.id);
    setRanking({ key, ids });
  }
  const byId = new Map(oldestFirst.map((comment) => [comment.id, comment]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
