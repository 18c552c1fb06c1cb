import { describe, it } from 'vitest';
import { deciderSpec } from '#api/testing/decider-spec';
import { comment } from './decider';
import {
  author,
  commentDeleted,
  commentId,
  commentPosted,
  other as admin,
  storyId,
} from './testing/comment-events';

const posted = commentPosted('Rude words.');

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
      .then([commentDeleted(author, false)]);
  });

  it('when an admin deletes a comment with a blank reason the deletion has none', () => {
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: admin, byAdmin: true, reason: ' \n ' })
      .then([commentDeleted(admin, true)]);
  });
});
