import type { StoryVoteEvent } from '@whosright/contracts/story/events';
import { defineProjection, insertOnce } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { STORY_VOTES, STORY_VOTE_DOCS, storyVoteId } from './docs';

/**
 * Each user's vote per story: GET /api/stories/{id}/vote is one lookup by id. A vote is final
 * (one per member and story), so its row is inserted once and never read to be written.
 */
export const storyVotesProjection = defineProjection<Recorded<StoryVoteEvent>>({
  name: STORY_VOTES,
  version: 1,
  eventTypes: ['StoryVoteCast'],
  collections: [
    {
      name: STORY_VOTE_DOCS,
      indexes: [
        {
          fields: [
            ['userId', 1],
            ['votedAt', -1],
          ],
        },
      ],
      insertOnly: true,
    },
  ],
  apply(event) {
    return [
      insertOnce(STORY_VOTE_DOCS, storyVoteId(event.data.storyId, event.data.userId), {
        storyId: event.data.storyId,
        userId: event.data.userId,
        vote: event.data.vote,
        votedAt: event.metadata.recordedAt,
      }),
    ];
  },
});
