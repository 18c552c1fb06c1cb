import { describe, expect, it } from 'vitest';
import type { Comment } from '@whosright/contracts/comment/dto';

import { threadsOf, type ThreadNode } from '#web/features/comments/lib/comment-thread.ts';

const comment = (id: string, parentId: string | null = null) => ({ id, parentId }) as Comment;

/** Each node as `id` (or `id>parent` when it says whom it replies to) with its replies. */
const shape = (nodes: ThreadNode[]): unknown[] =>
  nodes.map((node) => {
    const name = node.replyingTo ? `${node.comment.id}>${node.replyingTo.id}` : node.comment.id;
    return node.replies.length > 0 ? [name, shape(node.replies)] : name;
  });

describe('comment threads', () => {
  it('when replies answer comments it nests them under the comment they answer, in list order', () => {
    const list = [
      comment('a'),
      comment('b'),
      comment('c', 'a'),
      comment('d', 'c'),
      comment('e', 'a'),
    ];
    expect(shape(threadsOf(list))).toEqual([['a', [['c', ['d']], 'e']], 'b']);
  });

  it('when replies go deeper than three levels they stay at the third, saying whom they answer', () => {
    const list = [
      comment('a'),
      comment('b', 'a'),
      comment('c', 'b'),
      comment('d', 'c'),
      comment('e', 'd'),
      comment('f', 'c'),
    ];
    expect(shape(threadsOf(list))).toEqual([['a', [['b', ['c', 'd>c', 'e>d', 'f>c']]]]]);
  });

  it('when the comment a reply answers is not in the list the reply stands on the story', () => {
    expect(shape(threadsOf([comment('x', 'gone'), comment('y')]))).toEqual(['x', 'y']);
  });
});
