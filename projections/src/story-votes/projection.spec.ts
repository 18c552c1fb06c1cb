import { describe, it } from 'vitest';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { storyVotesProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';

/** Votes as the API writes them, in a log of its own. */
function voteHistory() {
  const log = eventLog();
  return {
    /** A vote is written together with the voter's engagement (StoryService.vote). */
    voted: (storyId: string, userId: string, vote: VoteChoice) => {
      const cast = log.storyVote(
        { type: 'StoryVoteCast', data: { storyId, userId, vote } },
        { actorId: userId },
      );
      const engaged = log.storyActivity(
        { type: 'StoryEngaged', data: { storyId, visitorKey: `u-${userId}` } },
        { actorId: userId },
      );
      return { cast, engaged, both: [cast, engaged] };
    },
    deleted: (storyId: string) => [
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
    ],
  };
}

describe('story votes projection', () => {
  const spec = projectionSpec(storyVotesProjection);

  it('when a user votes it records their choice and when, under an id made of the story and the user', async () => {
    const vote = voteHistory().voted(dishes, ann, 'he');
    await spec
      .given([])
      .when(...vote.both)
      .then({
        votes: [
          {
            _id: `${dishes}:${ann}`,
            vote: 'he',
            votedAt: vote.cast.metadata.recordedAt,
          },
        ],
      });
  });

  it('when others vote on the same story and the same user on another it keeps one document per user and story', async () => {
    const history = voteHistory();
    const first = history.voted(dishes, ann, 'he');
    const other = history.voted(dishes, ben, 'she');
    const elsewhere = history.voted(rent, ann, 'she');
    await spec
      .given([...first.both])
      .when(...other.both, ...elsewhere.both)
      .then({
        votes: [
          {
            _id: `${dishes}:${ann}`,
            vote: 'he',
            votedAt: first.cast.metadata.recordedAt,
          },
          {
            _id: `${dishes}:${ben}`,
            vote: 'she',
            votedAt: other.cast.metadata.recordedAt,
          },
          {
            _id: `${rent}:${ann}`,
            vote: 'she',
            votedAt: elsewhere.cast.metadata.recordedAt,
          },
        ],
      });
  });

  it('when a story is deleted it keeps the votes cast on it', async () => {
    const history = voteHistory();
    const vote = history.voted(dishes, ann, 'he');
    await spec
      .given([...vote.both])
      .when(...history.deleted(dishes))
      .thenNothingChanges();
  });

  it('when a vote is delivered again it keeps the first record of it', async () => {
    const history = voteHistory();
    const vote = history.voted(dishes, ann, 'he');
    const later = history.voted(dishes, ben, 'she');
    await spec
      .given([...vote.both, ...later.both])
      .when(vote.cast)
      .thenNothingChanges();
  });
});
