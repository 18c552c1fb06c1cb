import type { StoryVoteEvent } from '@whosright/contracts/story/events';
import { defineProjection, insertOnce } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { STORY_VOTES, STORY_VOTE_DOCS, storyVoteId } from './docs';

/**
 * Each user's vote per story: GET /api/stories/{id}/vote is one lookup by id, and nothing else
 * reads it. A vote is final (one per member and story), so its row is inserted once and never
 * read to be written. The id names the story and the voter, so the document holds only the
 * choice and its time, and no index: each vote writes one row of one b-tree.
 */
export const storyVotesProjection = defineProjection<Recorded<StoryVoteEvent>>({
  name: STORY_VOTES,
  // 2: no index on (userId, votedAt), which no query read; storyId and userId only in the id.
  version: 2,
  eventTypes: ['StoryVoteCast'],
  collections: [{ name: STORY_VOTE_DOCS, indexes: [], insertOnly: true }],
  apply(event) {
    return [
      insertOnce(STORY_VOTE_DOCS, storyVoteId(event.data.storyId, event.data.userId), {
        vote: event.data.vote,
        votedAt: event.metadata.recordedAt,
      }),
    ];
  },
});
