import { describe, it } from 'vitest';
import type { VoteChoice } from '@whosright/contracts/story/events';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { storyTimelineProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const voter = (n: number) => `user_01JC${String(n).padStart(22, '0')}`;
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';

/** Votes as the API writes them (with the voter's engagement), each at the time given. */
function voteHistory() {
  const log = eventLog();
  let voters = 0;
  const at = <E extends RecordedEvent>(event: E, recordedAt: string): E => ({
    ...event,
    metadata: { ...event.metadata, recordedAt },
  });
  return {
    voted(storyId: string, vote: VoteChoice, recordedAt: string) {
      voters += 1;
      const userId = voter(voters);
      const cast = log.storyVote(
        { type: 'StoryVoteCast', data: { storyId, userId, vote } },
        { actorId: userId },
      );
      const engaged = log.storyActivity(
        { type: 'StoryEngaged', data: { storyId, visitorKey: `u-${userId}` } },
        { actorId: userId },
      );
      return [at(cast, recordedAt), at(engaged, recordedAt)];
    },
    deleted: (storyId: string) => [
      log.story(
        {
          type: 'StoryDeleted',
          data: { storyId, authorId: author, deletedBy: admin, byAdmin: true },
        },
        { actorId: admin },
      ),
    ],
  };
}

/** A bucket as stored: its id says the story and whether it is an hour (`h`) or a day (`d`). */
const bucket = (size: 'h' | 'd') => (storyId: string, at: string, he: number, she: number) => ({
  _id: `${storyId}:${size}:${at}`,
  at,
  he,
  she,
});
const hour = bucket('h');
const day = bucket('d');

describe('story timeline projection', () => {
  const spec = projectionSpec(storyTimelineProjection);

  it('when a member votes it counts the vote in its hour and its day, the other side at 0', async () => {
    const history = voteHistory();
    await spec
      .given([])
      .when(...history.voted(dishes, 'she', '2026-03-02T09:41:07.123Z'))
      .then({
        buckets: [
          day(dishes, '2026-03-02T00:00:00.000Z', 0, 1),
          hour(dishes, '2026-03-02T09:00:00.000Z', 0, 1),
        ],
      });
  });

  it('when votes come in over hours and days it keeps one bucket per story and hour, and per story and day', async () => {
    const history = voteHistory();
    const earlier = [
      ...history.voted(dishes, 'she', '2026-03-02T09:05:00.000Z'),
      ...history.voted(dishes, 'he', '2026-03-02T09:59:59.999Z'),
    ];
    await spec
      .given(earlier)
      .when(
        ...history.voted(dishes, 'he', '2026-03-02T10:00:00.000Z'),
        ...history.voted(dishes, 'she', '2026-03-02T23:30:00.000Z'),
        ...history.voted(dishes, 'he', '2026-03-03T00:10:00.000Z'),
        ...history.voted(dishes, 'he', '2026-03-03T00:20:00.000Z'),
        ...history.voted(rent, 'she', '2026-03-02T09:30:00.000Z'),
      )
      .then({
        buckets: [
          day(dishes, '2026-03-02T00:00:00.000Z', 2, 2),
          day(dishes, '2026-03-03T00:00:00.000Z', 2, 0),
          hour(dishes, '2026-03-02T09:00:00.000Z', 1, 1),
          hour(dishes, '2026-03-02T10:00:00.000Z', 1, 0),
          hour(dishes, '2026-03-02T23:00:00.000Z', 0, 1),
          hour(dishes, '2026-03-03T00:00:00.000Z', 2, 0),
          day(rent, '2026-03-02T00:00:00.000Z', 0, 1),
          hour(rent, '2026-03-02T09:00:00.000Z', 0, 1),
        ],
      });
  });

  it('when a vote is delivered again it counts it once', async () => {
    const history = voteHistory();
    const vote = history.voted(dishes, 'he', '2026-03-02T09:05:00.000Z');
    const later = history.voted(dishes, 'she', '2026-03-02T09:06:00.000Z');
    await spec
      .given([...vote, ...later])
      .when(...vote)
      .thenNothingChanges();
  });

  it('when a story is deleted it leaves the buckets (the API no longer shows the story)', async () => {
    const history = voteHistory();
    await spec
      .given(history.voted(dishes, 'he', '2026-03-02T09:05:00.000Z'))
      .when(...history.deleted(dishes))
      .thenNothingChanges();
  });
});
