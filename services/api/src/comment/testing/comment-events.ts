import type { CommentEvent } from '@whosright/contracts/comment/events';

/** One comment the comment decider specs decide on: `commentId` on `storyId`, by `author`. */
export const commentId = 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
/** Anyone else: another member, or an admin. */
export const other = 'user_01JCCCCCCCCCCCCCCCCCCCCCCC';

type CommentEventOf<T extends CommentEvent['type']> = Extract<CommentEvent, { type: T }>;

/** The comment as posted, with `content`, on a story about money. */
export function commentPosted(content: string): CommentEventOf<'CommentPosted'> {
  return {
    type: 'CommentPosted',
    data: {
      commentId,
      storyId,
      authorId: author,
      content,
      story: { category: 'money', content: 'She bought a boat.' },
    },
  };
}

/** The comment deleted by `deletedBy` (its author, or an admin when `byAdmin`), with no reason. */
export function commentDeleted(
  deletedBy: string,
  byAdmin: boolean,
): CommentEventOf<'CommentDeleted'> {
  return {
    type: 'CommentDeleted',
    data: { commentId, storyId, authorId: author, deletedBy, byAdmin },
  };
}

/** The comment edited by its author to `content`, replacing `previous` (`more`: a rule's match, an approval). */
export function commentEdited(
  content: string,
  previous: string,
  more: Partial<CommentEventOf<'CommentEdited'>['data']> = {},
): CommentEventOf<'CommentEdited'> {
  return {
    type: 'CommentEdited',
    data: { commentId, storyId, authorId: author, content, previous, ...more },
  };
}
