import { describe, it } from 'vitest';
import type { CommentEvent } from '@whosright/contracts/comment/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { comment } from './decider';

const commentId = 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA';
const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const posted: CommentEvent = {
  type: 'CommentPosted',
  data: {
    commentId,
    storyId,
    authorId: author,
    content: 'Rude words.',
    story: { category: 'money', content: 'She bought a boat.' },
  },
};

describe('comment decider: moderation reasons', () => {
  const spec = deciderSpec(comment);

  it('when an admin deletes a comment with a reason the deletion carries it', () => {
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: admin, byAdmin: true, reason: 'Insults' })
      .then([
        {
          type: 'CommentDeleted',
          data: {
            commentId,
            storyId,
            authorId: author,
            deletedBy: admin,
            byAdmin: true,
            reason: 'Insults',
          },
        },
      ]);
  });

  it('when a comment is deleted without a reason the deletion has none', () => {
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: author, byAdmin: false })
      .then([
        {
          type: 'CommentDeleted',
          data: { commentId, storyId, authorId: author, deletedBy: author, byAdmin: false },
        },
      ]);
  });

  it('when an admin deletes a comment with a blank reason the deletion has none', () => {
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: admin, byAdmin: true, reason: ' \n ' })
      .then([
        {
          type: 'CommentDeleted',
          data: { commentId, storyId, authorId: author, deletedBy: admin, byAdmin: true },
        },
      ]);
  });
});
