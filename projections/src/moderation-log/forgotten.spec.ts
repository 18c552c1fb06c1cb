import { describe, it } from 'vitest';
import { DELETED_TEXT } from '@whosright/contracts/account/events';
import { forgottenEmail } from '@whosright/contracts/account/forgotten-email';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { entryId } from './docs';
import { moderationLogProjection } from './projection';

const member = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const storyId = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const commentId = 'comment_01JEEEEEEEEEEEEEEEEEEEEEEE';

describe('moderation-log projection: a forgotten member', () => {
  it("when a member is forgotten the admins' entries stay and what they name is forgotten", async () => {
    const log = eventLog();
    const registered = log.user(member, {
      type: 'UserRegistered',
      data: {
        userId: member,
        email: 'ann@example.com',
        firstName: 'Ann',
        lastName: 'Lee',
        passwordHash: 'hash',
        role: 'user',
        profileImageUrl: null,
      },
    });
    const named = log.user(member, {
      type: 'ProfileUpdated',
      data: { username: 'ann_l', profileImageUrl: null },
    });
    const submitted = log.story(
      {
        type: 'StorySubmitted',
        data: { storyId, authorId: member, content: 'My story', category: 'money' },
      },
      { actorId: member },
    );
    const posted = log.comment(
      {
        type: 'CommentPosted',
        data: {
          commentId,
          storyId,
          authorId: member,
          content: 'My comment',
          story: { category: 'money', content: 'My story' },
        },
      },
      { actorId: member },
    );
    const banned = log.user(
      member,
      { type: 'UserBanned', data: { reason: 'spam' } },
      { actorId: admin },
    );
    const forgotten = log.forgotten({
      type: 'UserForgotten',
      data: { userId: member, storyIds: [storyId], commentIds: [commentId] },
    });
    await projectionSpec(moderationLogProjection)
      .given([registered, named, submitted, posted, banned])
      .when(forgotten)
      .then({
        entries: [
          {
            _id: entryId(banned.position),
            actorId: admin,
            action: 'user.ban',
            targetType: 'user',
            targetId: member,
            memberId: member,
            reason: 'spam',
            source: 'admin',
            at: banned.metadata.recordedAt,
          },
        ],
        targets: [
          {
            _id: `user:${member}`,
            email: forgottenEmail(member),
            firstName: null,
            lastName: null,
            username: null,
          },
          { _id: `story:${storyId}`, excerpt: DELETED_TEXT, authorId: member },
          { _id: `comment:${commentId}`, excerpt: DELETED_TEXT, authorId: member },
        ],
      });
  });
});
