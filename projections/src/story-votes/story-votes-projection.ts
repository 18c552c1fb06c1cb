import type { StoryVoteEvent, VoteChoice } from '@whosright/contracts/story/events';
import type { Doc } from '../store/port';
import { defineProjection, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';

export interface StoryVoteDoc extends Doc {
  storyId: string;
  userId: string;
  vote: VoteChoice;
  votedAt: string;
}

export const storyVoteId = (storyId: string, userId: string) => `${storyId}:${userId}`;

/** Each user's vote per story: GET /api/stories/{id}/vote is one lookup by id. */
export const storyVotesProjection = defineProjection<Recorded<StoryVoteEvent>>({
  name: 'story-votes',
  version: 1,
  eventTypes: ['StoryVoteCast'],
  collections: [
    {
      name: 'votes',
      indexes: [
        {
          fields: [
            ['userId', 1],
            ['votedAt', -1],
          ],
        },
      ],
    },
  ],
  apply(event) {
    return [
      upsert('votes', storyVoteId(event.data.storyId, event.data.userId), {
        $set: {
          storyId: event.data.storyId,
          userId: event.data.userId,
          vote: event.data.vote,
          votedAt: event.metadata.recordedAt,
        },
      }),
    ];
  },
});
