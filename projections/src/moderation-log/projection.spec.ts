import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { entryId } from './docs';
import { moderationLogProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const boss = 'user_01JCCCCCCCCCCCCCCCCCCCCCCC';
const storyId = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const commentId = 'comment_01JEEEEEEEEEEEEEEEEEEEEEEE';
const longStory =
  'He keeps the heating at nineteen degrees all winter and I wear two jumpers indoors, so which of us is right about the thermostat?';

function history() {
  const log = eventLog();
  const registered = (userId: string, email: string, role: 'user' | 'admin' = 'user') =>
    log.user(userId, {
      type: 'UserRegistered',
      data: {
        userId,
        email,
        firstName: 'Ann',
        lastName: 'Lee',
        passwordHash: 'hash',
        role,
        profileImageUrl: null,
      },
    });
  return {
    log,
    authorRegistered: () => registered(author, 'ann@example.com'),
    adminRegistered: () => registered(admin, 'mod@example.com'),
    submitted: () =>
      log.story(
        {
          type: 'StorySubmitted',
          data: { storyId, authorId: author, content: longStory, category: 'money' },
        },
        { actorId: author },
      ),
    resubmitted: (content: string) =>
      log.story(
        {
          type: 'StoryResubmitted',
          data: { storyId, authorId: author, content, category: 'money', revision: 2 },
        },
        { actorId: author },
      ),
    moderated: (from: 'pending' | 'approved', to: 'approved' | 'rejected' | 'hidden' | 'pending') =>
      log.story(
        {
          type: 'StoryModerated',
          data: {
            storyId,
            moderatorId: admin,
            from,
            to,
            reason: to === 'rejected' ? 'spam' : null,
          },
        },
        { actorId: admin },
      ),
    deleted: (byAdmin: boolean) =>
      log.story(
        {
          type: 'StoryDeleted',
          data: {
            storyId,
            authorId: author,
            deletedBy: byAdmin ? admin : author,
            byAdmin,
            ...(byAdmin ? { reason: 'duplicate' } : {}),
          },
        },
        { actorId: byAdmin ? admin : author },
      ),
    commentPosted: () =>
      log.comment(
        {
          type: 'CommentPosted',
          data: {
            commentId,
            storyId,
            authorId: author,
            content: 'rude words',
            story: { category: 'money', content: longStory },
          },
        },
        { actorId: author },
      ),
    commentDeleted: (byAdmin: boolean) =>
      log.comment(
        {
          type: 'CommentDeleted',
          data: {
            commentId,
            storyId,
            authorId: author,
            deletedBy: byAdmin ? admin : author,
            byAdmin,
          },
        },
        { actorId: byAdmin ? admin : author },
      ),
  };
}

const authorTarget = {
  _id: `user:${author}`,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  username: null,
};
const adminTarget = { ...authorTarget, _id: `user:${admin}`, email: 'mod@example.com' };
// Cut between words within 100 characters.
const storyTarget = {
  _id: `story:${storyId}`,
  excerpt:
    'He keeps the heating at nineteen degrees all winter and I wear two jumpers indoors, so which of us…',
  authorId: author,
};

describe('moderation-log projection', () => {
  const spec = projectionSpec(moderationLogProjection);

  it('when an admin approves, rejects with a reason and hides a story it records each, by whom and why', async () => {
    const h = history();
    const given = [h.authorRegistered(), h.adminRegistered(), h.submitted()];
    const approved = h.moderated('pending', 'approved');
    const hidden = h.moderated('approved', 'hidden');
    const back = h.moderated('approved', 'pending');
    const rejected = h.moderated('pending', 'rejected');
    const entry = (event: typeof approved, action: string, reason: string | null) => ({
      _id: entryId(event.position),
      at: event.metadata.recordedAt,
      actorId: admin,
      source: 'admin',
      action,
      targetType: 'story',
      targetId: storyId,
      memberId: null,
      reason,
    });
    await spec
      .given(given)
      .when(approved, hidden, back, rejected)
      .then({
        entries: [
          entry(approved, 'story.approve', null),
          entry(hidden, 'story.hide', null),
          entry(back, 'story.pending', null),
          entry(rejected, 'story.reject', 'spam'),
        ],
        targets: [authorTarget, adminTarget, storyTarget],
      });
  });

  it('when a rejected story is resubmitted and approved the story is labelled by its new text', async () => {
    const h = history();
    const given = [h.authorRegistered(), h.adminRegistered(), h.submitted()];
    const rejected = h.moderated('pending', 'rejected');
    await spec
      .given([...given, rejected])
      .when(h.resubmitted('He keeps the heating at 19; I asked for 21, not 25.'))
      .then({
        entries: [
          {
            _id: entryId(rejected.position),
            at: rejected.metadata.recordedAt,
            actorId: admin,
            source: 'admin',
            action: 'story.reject',
            targetType: 'story',
            targetId: storyId,
            memberId: null,
            reason: 'spam',
          },
        ],
        targets: [
          authorTarget,
          adminTarget,
          { ...storyTarget, excerpt: 'He keeps the heating at 19; I asked for 21, not 25.' },
        ],
      });
  });

  it('when an admin deletes a story or a comment it records it; an author deleting their own comment is not moderation', async () => {
    const h = history();
    const given = [h.authorRegistered(), h.adminRegistered(), h.submitted(), h.commentPosted()];
    const ownComment = h.commentDeleted(false);
    const adminDelete = h.deleted(true);
    await spec
      .given(given)
      .when(ownComment, adminDelete)
      .then({
        entries: [
          {
            _id: entryId(adminDelete.position),
            at: adminDelete.metadata.recordedAt,
            actorId: admin,
            source: 'admin',
            action: 'story.delete',
            targetType: 'story',
            targetId: storyId,
            memberId: author,
            reason: 'duplicate',
          },
        ],
        targets: [
          authorTarget,
          adminTarget,
          storyTarget,
          { _id: `comment:${commentId}`, excerpt: 'rude words', authorId: author },
        ],
      });
  });

  it('when an author deletes their own story it records one entry as theirs, source author, and none for the comments that went with it', async () => {
    const h = history();
    const given = [h.authorRegistered(), h.adminRegistered(), h.submitted(), h.commentPosted()];
    const ownStory = h.deleted(false);
    const swept = h.log.comment(
      {
        type: 'CommentDeleted',
        data: {
          commentId,
          storyId,
          authorId: author,
          deletedBy: author,
          byAdmin: false,
          withStory: true,
        },
      },
      { actorId: author },
    );
    await spec
      .given(given)
      .when(ownStory, swept)
      .then({
        entries: [
          {
            _id: entryId(ownStory.position),
            at: ownStory.metadata.recordedAt,
            actorId: author,
            source: 'author',
            action: 'story.delete',
            targetType: 'story',
            targetId: storyId,
            memberId: author,
            reason: null,
          },
        ],
        targets: [
          authorTarget,
          adminTarget,
          storyTarget,
          { _id: `comment:${commentId}`, excerpt: 'rude words', authorId: author },
        ],
      });
  });

  it('when an admin deletes a comment it records it with the comment as target', async () => {
    const h = history();
    const given = [h.authorRegistered(), h.submitted(), h.commentPosted()];
    const deleted = h.commentDeleted(true);
    await spec
      .given(given)
      .when(deleted)
      .then({
        entries: [
          {
            _id: entryId(deleted.position),
            at: deleted.metadata.recordedAt,
            actorId: admin,
            source: 'admin',
            action: 'comment.delete',
            targetType: 'comment',
            targetId: commentId,
            memberId: author,
            reason: null,
          },
        ],
        targets: [
          authorTarget,
          storyTarget,
          { _id: `comment:${commentId}`, excerpt: 'rude words', authorId: author },
        ],
      });
  });

  it('when an admin keeps a flagged comment it records it with the reason and the comment as target', async () => {
    const h = history();
    const given = [h.authorRegistered(), h.submitted(), h.commentPosted()];
    const kept = h.log.comment(
      {
        type: 'CommentKept',
        data: {
          commentId,
          storyId,
          authorId: author,
          keptBy: admin,
          downvotes: 4,
          reason: 'Blunt, not abusive',
        },
      },
      { actorId: admin },
    );
    await spec
      .given(given)
      .when(kept)
      .then({
        entries: [
          {
            _id: entryId(kept.position),
            at: kept.metadata.recordedAt,
            actorId: admin,
            source: 'admin',
            action: 'comment.keep',
            targetType: 'comment',
            targetId: commentId,
            memberId: author,
            reason: 'Blunt, not abusive',
          },
        ],
        targets: [
          authorTarget,
          storyTarget,
          { _id: `comment:${commentId}`, excerpt: 'rude words', authorId: author },
        ],
      });
  });

  it('when accounts are banned, unbanned, promoted and demoted it tells the admin, the command line and ADMIN_EMAILS apart', async () => {
    const h = history();
    const given = [h.authorRegistered()];
    const listed = h.log.user(boss, {
      type: 'UserRegistered',
      data: {
        userId: boss,
        email: 'boss@example.com',
        firstName: null,
        lastName: null,
        passwordHash: 'hash',
        role: 'admin',
        profileImageUrl: null,
      },
    });
    const renamed = h.log.user(
      author,
      { type: 'ProfileUpdated', data: { username: 'ann_l', profileImageUrl: null } },
      { actorId: author },
    );
    const banned = h.log.user(
      author,
      { type: 'UserBanned', data: { reason: 'trolling' } },
      { actorId: admin },
    );
    const unbannedByCli = h.log.user(author, { type: 'UserUnbanned', data: {} });
    const promotedByList = h.log.user(author, {
      type: 'UserPromoted',
      data: { reason: 'admin_emails' },
    });
    const demoted = h.log.user(
      author,
      { type: 'UserDemoted', data: { reason: 'admin', note: 'stepping down' } },
      { actorId: admin },
    );
    const entry = (
      event: { position: bigint; metadata: { recordedAt: string } },
      fields: { actorId: string | null; source: string; action: string; reason: string | null },
      targetId = author,
    ) => ({
      _id: entryId(event.position),
      at: event.metadata.recordedAt,
      targetType: 'user',
      targetId,
      memberId: targetId,
      ...fields,
    });
    await spec
      .given(given)
      .when(listed, renamed, banned, unbannedByCli, promotedByList, demoted)
      .then({
        entries: [
          entry(
            listed,
            { actorId: null, source: 'admin_emails', action: 'user.promote', reason: null },
            boss,
          ),
          entry(banned, {
            actorId: admin,
            source: 'admin',
            action: 'user.ban',
            reason: 'trolling',
          }),
          entry(unbannedByCli, {
            actorId: null,
            source: 'cli',
            action: 'user.unban',
            reason: null,
          }),
          entry(promotedByList, {
            actorId: null,
            source: 'admin_emails',
            action: 'user.promote',
            reason: null,
          }),
          entry(demoted, {
            actorId: admin,
            source: 'admin',
            action: 'user.demote',
            reason: 'stepping down',
          }),
        ],
        targets: [
          { ...authorTarget, username: 'ann_l' },
          {
            _id: `user:${boss}`,
            email: 'boss@example.com',
            firstName: null,
            lastName: null,
            username: null,
          },
        ],
      });
  });
});
