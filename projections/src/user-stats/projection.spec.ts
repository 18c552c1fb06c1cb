import { describe, it } from 'vitest';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { userStatsProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';
const firstComment = 'comment_01JG0000000000000000000001';
const secondComment = 'comment_01JG0000000000000000000002';

/** What users do, as the API writes it, in a log of its own. */
function activityHistory() {
  const log = eventLog();
  return {
    /** Submitted by the author and approved: the story stream and the pool. */
    published: (storyId: string, slot: number) => [
      log.story(
        {
          type: 'StorySubmitted',
          data: { storyId, authorId: author, content: 'He never cooks.', category: 'household' },
        },
        { actorId: author },
      ),
      log.story(
        {
          type: 'StoryModerated',
          data: { storyId, moderatorId: admin, from: 'pending', to: 'approved', reason: null },
        },
        { actorId: admin },
      ),
      log.storyPool({ type: 'StoryPooled', data: { storyId, slot } }, { actorId: admin }),
    ],
    /** A vote is written together with the voter's engagement (StoryService.vote). */
    voted: (storyId: string, userId: string, vote: VoteChoice) => [
      log.storyVote(
        { type: 'StoryVoteCast', data: { storyId, userId, vote } },
        { actorId: userId },
      ),
      log.storyActivity(
        { type: 'StoryEngaged', data: { storyId, visitorKey: `u-${userId}` } },
        { actorId: userId },
      ),
    ],
    commented: (commentId: string, userId: string) =>
      log.comment(
        {
          type: 'CommentPosted',
          data: {
            commentId,
            storyId: dishes,
            authorId: userId,
            content: 'Cook together on Sundays.',
            story: { category: 'household', content: 'He never cooks.' },
          },
        },
        { actorId: userId },
      ),
    commentDeleted: (commentId: string, authorId: string, deletedBy: string) =>
      log.comment(
        {
          type: 'CommentDeleted',
          data: { commentId, storyId: dishes, authorId, deletedBy, byAdmin: deletedBy === admin },
        },
        { actorId: deletedBy },
      ),
    /** An admin deletes a story: the story, its slot, then each of its comments (StoryService.delete). */
    storyDeleted: (
      storyId: string,
      comments: ReadonlyArray<[commentId: string, authorId: string]>,
    ) => [
      log.story(
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author, deletedBy: admin, byAdmin: true },
        },
        { actorId: admin },
      ),
      log.storyPool(
        { type: 'StoryUnpooled', data: { storyId, slot: 0, moved: null } },
        { actorId: admin },
      ),
      ...comments.map(([commentId, authorId]) =>
        log.comment(
          {
            type: 'CommentDeleted',
            data: { commentId, storyId, authorId, deletedBy: admin, byAdmin: true },
          },
          { actorId: admin },
        ),
      ),
    ],
  };
}

describe('user stats projection', () => {
  const spec = projectionSpec(userStatsProjection);

  it('when a user submits a story it counts it for the author', async () => {
    const history = activityHistory();
    await spec
      .given([])
      .when(...history.published(dishes, 0))
      .then({ stats: [{ _id: author, storiesSubmitted: 1 }] });
  });

  it('when users vote it counts each vote for the voter', async () => {
    const history = activityHistory();
    const given = [
      ...history.published(dishes, 0),
      ...history.published(rent, 1),
      ...history.voted(dishes, ann, 'he'),
    ];
    await spec
      .given(given)
      .when(...history.voted(rent, ann, 'she'), ...history.voted(dishes, ben, 'she'))
      .then({
        stats: [
          { _id: author, storiesSubmitted: 2 },
          { _id: ann, votesGiven: 2 },
          { _id: ben, votesGiven: 1 },
        ],
      });
  });

  it('when a user comments it counts the comment for its author', async () => {
    const history = activityHistory();
    const given = [...history.published(dishes, 0), ...history.voted(dishes, ann, 'he')];
    await spec
      .given(given)
      .when(history.commented(firstComment, ann))
      .then({
        stats: [
          { _id: author, storiesSubmitted: 1 },
          { _id: ann, votesGiven: 1, commentsPosted: 1 },
        ],
      });
  });

  it('when an admin deletes a comment it counts one comment less for its author', async () => {
    const history = activityHistory();
    const given = [
      ...history.published(dishes, 0),
      history.commented(firstComment, ann),
      history.commented(secondComment, ann),
    ];
    await spec
      .given(given)
      .when(history.commentDeleted(secondComment, ann, admin))
      .then({
        stats: [
          { _id: author, storiesSubmitted: 1 },
          { _id: ann, commentsPosted: 1 },
        ],
      });
  });

  it('when a story is deleted with its comments it uncounts both for their authors and keeps the votes given', async () => {
    const history = activityHistory();
    const given = [
      ...history.published(dishes, 0),
      ...history.voted(dishes, ann, 'he'),
      history.commented(firstComment, ann),
      history.commented(secondComment, ben),
    ];
    await spec
      .given(given)
      .when(
        ...history.storyDeleted(dishes, [
          [firstComment, ann],
          [secondComment, ben],
        ]),
      )
      .then({
        stats: [
          { _id: author, storiesSubmitted: 0 },
          { _id: ann, votesGiven: 1, commentsPosted: 0 },
          { _id: ben, commentsPosted: 0 },
        ],
      });
  });

  it('when a vote is delivered again it counts it once', async () => {
    const history = activityHistory();
    const published = history.published(dishes, 0);
    const vote = history.voted(dishes, ann, 'he');
    await spec
      .given([...published, ...vote])
      .when(...vote)
      .thenNothingChanges();
  });
});
