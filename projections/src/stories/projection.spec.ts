import { describe, it } from 'vitest';
import type { ReactionType, StoryStatus, VoteChoice } from '@whosright/contracts/story/events';
import { eventLog, type Actor } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { storiesProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const cat = 'user_01JC0000000000000000000003';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';
const holiday = 'story_01JFFFFFFFFFFFFFFFFFFFFFFF';
const firstComment = 'comment_01JG0000000000000000000001';
const secondComment = 'comment_01JG0000000000000000000002';

const contents: Record<string, string> = {
  [dishes]: 'He never does the dishes.',
  [rent]: 'She pays the rent late every month.',
  [holiday]: 'He plans every holiday without asking.',
};

/** Stories and what people do with them, recorded as the API writes them, in a log of its own. */
function storyHistory() {
  const log = eventLog();
  const moderated = (
    storyId: string,
    from: StoryStatus,
    to: StoryStatus,
    reason: string | null = null,
  ) =>
    log.story(
      { type: 'StoryModerated', data: { storyId, moderatorId: admin, from, to, reason } },
      { actorId: admin },
    );
  const pooled = (storyId: string, slot: number) =>
    log.storyPool({ type: 'StoryPooled', data: { storyId, slot } }, { actorId: admin });
  const unpooled = (
    storyId: string,
    slot: number,
    moved: { storyId: string; from: number } | null,
  ) => log.storyPool({ type: 'StoryUnpooled', data: { storyId, slot, moved } }, { actorId: admin });
  const activity = (
    type: 'StoryViewed' | 'StorySkipped' | 'StoryEngaged',
    storyId: string,
    visitorKey: string,
    actor: Actor,
  ) => log.storyActivity({ type, data: { storyId, visitorKey } }, actor);
  /** Anonymous visitors from..from+n-1, keyed as the API keys them (visitorKeyOfVisitor). */
  const visitors = (
    type: 'StoryViewed' | 'StorySkipped',
    storyId: string,
    count: number,
    from: number,
  ) =>
    Array.from({ length: count }, (_, i) => {
      const visitorId = `visitor-${from + i}`;
      return activity(type, storyId, `v-${visitorId}`, { visitorId });
    });
  return {
    submitted: (storyId: string) =>
      log.story(
        {
          type: 'StorySubmitted',
          data: { storyId, authorId: author, content: contents[storyId]!, category: 'household' },
        },
        { actorId: author },
      ),
    resubmitted: (storyId: string, content: string, revision: number) =>
      log.story(
        {
          type: 'StoryResubmitted',
          data: { storyId, authorId: author, content, category: 'communication', revision },
        },
        { actorId: author },
      ),
    moderated,
    /** Moderation writes the story, then the pool (StoryService.moderate). */
    approved: (storyId: string, slot: number, from: StoryStatus = 'pending') => [
      moderated(storyId, from, 'approved'),
      pooled(storyId, slot),
    ],
    unpooled,
    deleted: (storyId: string) =>
      log.story(
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author, deletedBy: admin, byAdmin: true },
        },
        { actorId: admin },
      ),
    /** A vote is written together with the voter's engagement (StoryService.vote). */
    voted: (storyId: string, userId: string, vote: VoteChoice) => [
      log.storyVote(
        { type: 'StoryVoteCast', data: { storyId, userId, vote } },
        { actorId: userId },
      ),
      activity('StoryEngaged', storyId, `u-${userId}`, { actorId: userId }),
    ],
    viewedBy: (storyId: string, count: number, from = 1) =>
      visitors('StoryViewed', storyId, count, from),
    skippedBy: (storyId: string, count: number, from = 1) =>
      visitors('StorySkipped', storyId, count, from),
    reaction: (
      type: 'StoryReactionAdded' | 'StoryReactionRemoved',
      userId: string,
      reaction: ReactionType,
    ) =>
      log.storyReaction({ type, data: { storyId: dishes, userId, reaction } }, { actorId: userId }),
    commentPosted: (commentId: string, userId: string) =>
      log.comment(
        {
          type: 'CommentPosted',
          data: {
            commentId,
            storyId: dishes,
            authorId: userId,
            content: 'Take turns, one week each.',
            story: { category: 'household', content: contents[dishes]! },
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
  };
}

/** A story card as submitted; tests spread in what changed since. */
function card(submitted: { data: { storyId: string }; metadata: { recordedAt: string } }) {
  return {
    _id: submitted.data.storyId,
    authorId: author,
    content: contents[submitted.data.storyId],
    category: 'household',
    status: 'pending',
    createdAt: submitted.metadata.recordedAt,
    heVotes: 0,
    sheVotes: 0,
    commentCount: 0,
    reactions: { relatable: 0, lol: 0, wtf: 0 },
    viewCount: 0,
    skipCount: 0,
    engageCount: 0,
    totalVotes: 0,
    votingScore: 0,
    skipRate: 0,
    rankable: false,
    divisive: false,
    voteGap: 1,
  };
}

/** The pool's documents: the count, one per slot naming its story, one per story naming its slot. */
function poolOf(...slots: string[]) {
  return [
    { _id: 'approved', count: slots.length },
    ...slots.map((storyId, slot) => ({ _id: `slot-${slot}`, storyId })),
    ...slots.map((storyId, slot) => ({ _id: `story-${storyId}`, slot })),
  ];
}

describe('stories projection', () => {
  const spec = projectionSpec(storiesProjection);

  it('when a story is submitted it creates a pending card with every tally at zero, not rankable', async () => {
    const submitted = storyHistory().submitted(dishes);
    await spec
      .given([])
      .when(submitted)
      .then({
        stories: [
          {
            _id: dishes,
            authorId: author,
            content: 'He never does the dishes.',
            category: 'household',
            status: 'pending',
            createdAt: submitted.metadata.recordedAt,
            heVotes: 0,
            sheVotes: 0,
            commentCount: 0,
            reactions: { relatable: 0, lol: 0, wtf: 0 },
            viewCount: 0,
            skipCount: 0,
            engageCount: 0,
            totalVotes: 0,
            votingScore: 0,
            skipRate: 0,
            rankable: false,
            divisive: false,
            voteGap: 1,
          },
        ],
        pool: [],
      });
  });

  it('when an admin approves a story it shows it approved and the pool gives it the first slot', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    await spec
      .given([submitted])
      .when(...history.approved(dishes, 0))
      .then({
        stories: [{ ...card(submitted), status: 'approved', published: true }],
        pool: poolOf(dishes),
      });
  });

  it('when a second story is approved it takes the next slot and the pool counts two', async () => {
    const history = storyHistory();
    const first = history.submitted(dishes);
    const firstApproved = history.approved(dishes, 0);
    const second = history.submitted(rent);
    await spec
      .given([first, ...firstApproved, second])
      .when(...history.approved(rent, 1))
      .then({
        stories: [
          { ...card(first), status: 'approved', published: true },
          { ...card(second), status: 'approved', published: true },
        ],
        pool: poolOf(dishes, rent),
      });
  });

  it('when an admin rejects a pending story it shows it rejected and leaves the pool alone', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    await spec
      .given([submitted])
      .when(history.moderated(dishes, 'pending', 'rejected'))
      .then({ stories: [{ ...card(submitted), status: 'rejected' }], pool: [] });
  });

  it('when an admin rejects a story with a reason it keeps the reason for the author', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    await spec
      .given([submitted])
      .when(history.moderated(dishes, 'pending', 'rejected', 'Names a real person'))
      .then({
        stories: [
          { ...card(submitted), status: 'rejected', moderationReason: 'Names a real person' },
        ],
        pool: [],
      });
  });

  it('when a rejected story goes back to pending it forgets the reason', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    await spec
      .given([submitted, history.moderated(dishes, 'pending', 'rejected', 'Names a real person')])
      .when(history.moderated(dishes, 'rejected', 'pending', 'Edited'))
      .then({ stories: [card(submitted)], pool: [] });
  });

  it('when the author resubmits a rejected story it is pending again with the new text and revision', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const rejected = history.moderated(dishes, 'pending', 'rejected', 'Add his side');
    const resubmitted = history.resubmitted(dishes, 'He never does the dishes; I never ask.', 2);
    await spec
      .given([submitted, rejected])
      .when(resubmitted)
      .then({
        stories: [
          {
            ...card(submitted),
            content: 'He never does the dishes; I never ask.',
            category: 'communication',
            revision: 2,
            resubmittedAt: resubmitted.metadata.recordedAt,
          },
        ],
        pool: [],
      });
  });

  it('when votes are cast it counts he and she and derives the total and the voting score', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      ...history.voted(dishes, ann, 'he'),
      ...history.voted(dishes, ben, 'he'),
    ];
    await spec
      .given(given)
      .when(...history.voted(dishes, cat, 'she'))
      .then({
        stories: [
          {
            ...card(submitted),
            status: 'approved',
            published: true,
            heVotes: 2,
            sheVotes: 1,
            engageCount: 3,
            totalVotes: 3,
            votingScore: 33,
            voteGap: 1 / 3,
          },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when a story reaches ten votes it ranks among the divisive, by its gap from 50/50', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const voters = Array.from({ length: 10 }, (_, i) => `user_01JC00000000000000000000${10 + i}`);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      ...voters
        .slice(0, 9)
        .flatMap((voter, i) => history.voted(dishes, voter, i < 6 ? 'he' : 'she')),
    ];
    await spec
      .given(given)
      .when(...history.voted(dishes, voters[9]!, 'she'))
      .then({
        stories: [
          {
            ...card(submitted),
            status: 'approved',
            published: true,
            heVotes: 6,
            sheVotes: 4,
            engageCount: 10,
            totalVotes: 10,
            votingScore: 20,
            divisive: true,
            voteGap: 0.2,
          },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when visitors view and skip a story it counts both and derives the skip rate', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      ...history.viewedBy(dishes, 4),
      ...history.skippedBy(dishes, 1),
    ];
    await spec
      .given(given)
      .when(...history.skippedBy(dishes, 1, 2))
      .then({
        stories: [
          {
            ...card(submitted),
            status: 'approved',
            published: true,
            viewCount: 4,
            skipCount: 2,
            skipRate: 0.5,
          },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when an approved story reaches ten views it becomes rankable', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      ...history.viewedBy(dishes, 9),
      ...history.skippedBy(dishes, 3),
    ];
    await spec
      .given(given)
      .when(...history.viewedBy(dishes, 1, 10))
      .then({
        stories: [
          {
            ...card(submitted),
            status: 'approved',
            published: true,
            viewCount: 10,
            skipCount: 3,
            skipRate: 0.3,
            rankable: true,
          },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when a rankable story is hidden it leaves the ranking and the pool', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [submitted, ...history.approved(dishes, 0), ...history.viewedBy(dishes, 10)];
    await spec
      .given(given)
      .when(history.moderated(dishes, 'approved', 'hidden'), history.unpooled(dishes, 0, null))
      .then({
        stories: [{ ...card(submitted), status: 'hidden', published: true, viewCount: 10 }],
        pool: [{ _id: 'approved', count: 0 }],
      });
  });

  it('when a hidden story with ten views is approved again it is rankable again and back in the pool', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      ...history.viewedBy(dishes, 10),
      history.moderated(dishes, 'approved', 'hidden'),
      history.unpooled(dishes, 0, null),
    ];
    await spec
      .given(given)
      .when(...history.approved(dishes, 0, 'hidden'))
      .then({
        stories: [
          {
            ...card(submitted),
            status: 'approved',
            published: true,
            viewCount: 10,
            rankable: true,
          },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when a reaction is taken back it counts each reaction type on its own', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      history.reaction('StoryReactionAdded', ann, 'relatable'),
      history.reaction('StoryReactionAdded', ann, 'lol'),
      history.reaction('StoryReactionAdded', ben, 'relatable'),
    ];
    await spec
      .given(given)
      .when(history.reaction('StoryReactionRemoved', ann, 'relatable'))
      .then({
        stories: [
          {
            ...card(submitted),
            status: 'approved',
            published: true,
            reactions: { relatable: 1, lol: 1, wtf: 0 },
          },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when comments are posted and one is deleted it counts the comments left', async () => {
    const history = storyHistory();
    const submitted = history.submitted(dishes);
    const given = [
      submitted,
      ...history.approved(dishes, 0),
      history.commentPosted(firstComment, ann),
      history.commentPosted(secondComment, ben),
    ];
    await spec
      .given(given)
      .when(history.commentDeleted(firstComment, ann, ann))
      .then({
        stories: [{ ...card(submitted), status: 'approved', published: true, commentCount: 1 }],
        pool: poolOf(dishes),
      });
  });

  it('when a story is deleted it removes the card, and its slot leaves the pool', async () => {
    const history = storyHistory();
    const given = [
      history.submitted(dishes),
      ...history.approved(dishes, 0),
      ...history.voted(dishes, ann, 'he'),
    ];
    await spec
      .given(given)
      .when(history.deleted(dishes), history.unpooled(dishes, 0, null))
      .then({ stories: [], pool: [{ _id: 'approved', count: 0 }] });
  });

  it('when a story leaves the pool from the middle the story in the last slot moves into its slot', async () => {
    const history = storyHistory();
    const first = history.submitted(dishes);
    const firstApproved = history.approved(dishes, 0);
    const second = history.submitted(rent);
    const secondApproved = history.approved(rent, 1);
    const third = history.submitted(holiday);
    const thirdApproved = history.approved(holiday, 2);
    await spec
      .given([first, ...firstApproved, second, ...secondApproved, third, ...thirdApproved])
      .when(history.deleted(dishes), history.unpooled(dishes, 0, { storyId: holiday, from: 2 }))
      .then({
        stories: [
          { ...card(second), status: 'approved', published: true },
          { ...card(third), status: 'approved', published: true },
        ],
        pool: poolOf(holiday, rent),
      });
  });

  it('when the story in the last slot leaves the pool it removes that slot only', async () => {
    const history = storyHistory();
    const first = history.submitted(dishes);
    const firstApproved = history.approved(dishes, 0);
    const second = history.submitted(rent);
    const secondApproved = history.approved(rent, 1);
    await spec
      .given([first, ...firstApproved, second, ...secondApproved])
      .when(history.moderated(rent, 'approved', 'hidden'), history.unpooled(rent, 1, null))
      .then({
        stories: [
          { ...card(first), status: 'approved', published: true },
          { ...card(second), status: 'hidden', published: true },
        ],
        pool: poolOf(dishes),
      });
  });

  it('when a view and the removal of its comments arrive after a story was deleted they do not bring it back', async () => {
    const history = storyHistory();
    const given = [
      history.submitted(dishes),
      ...history.approved(dishes, 0),
      history.commentPosted(firstComment, ann),
      history.deleted(dishes),
      history.unpooled(dishes, 0, null),
    ];
    await spec
      .given(given)
      .when(...history.viewedBy(dishes, 1), history.commentDeleted(firstComment, ann, admin))
      .then({ stories: [], pool: [{ _id: 'approved', count: 0 }] });
  });

  it('when a vote is delivered again it counts it once', async () => {
    const history = storyHistory();
    const approved = [history.submitted(dishes), ...history.approved(dishes, 0)];
    const vote = history.voted(dishes, ann, 'he');
    await spec
      .given([...approved, ...vote])
      .when(...vote)
      .thenNothingChanges();
  });
});
