import { describe, expect, it } from 'vitest';
import type { Comment } from '@whosright/contracts/comment/dto';

import { commentOrderOf, orderComments } from '#web/features/comments/lib/comment-order.ts';

const comment = (id: string, upvotes: number, downvotes = 0) =>
  ({ id, upvotes, downvotes }) as Comment;
const ids = (comments: Comment[]) => comments.map((c) => c.id);

describe('comment order', () => {
  const oldestFirst = [comment('a', 1), comment('b', 5, 1), comment('c', 4), comment('d', 0, 2)];

  it('when ordered oldest first it keeps the server’s order', () => {
    expect(ids(orderComments(oldestFirst, 'oldest'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('when ordered newest first it reverses it', () => {
    expect(ids(orderComments(oldestFirst, 'newest'))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('when ordered top it ranks by up minus down votes, the older first on a tie', () => {
    expect(ids(orderComments(oldestFirst, 'top'))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('when the URL names an order it is taken; oldest and anything else are the default', () => {
    expect(commentOrderOf('top')).toBe('top');
    expect(commentOrderOf('newest')).toBe('newest');
    expect(commentOrderOf('oldest')).toBeUndefined();
    expect(commentOrderOf('best')).toBeUndefined();
    expect(commentOrderOf(['top'])).toBeUndefined();
  });
});
