import type { CommentEvent } from '@whosright/contracts/comment/events';
import type { StoryEvent, StoryVoteEvent } from '@whosright/contracts/story/events';
import type { Doc } from '../store/port';
import { defineProjection, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';

type Handled =
  | Recorded<Extract<StoryEvent, { type: 'StorySubmitted' | 'StoryDeleted' }>>
  | Recorded<StoryVoteEvent>
  | Recorded<CommentEvent>;

export interface UserStatsDoc extends Doc {
  storiesSubmitted?: number;
  commentsPosted?: number;
  votesGiven?: number;
}

/**
 * The profile counters. A deleted story or comment leaves the count with it (the counts match the
 * lists); votes given stay counted: they were given.
 */
export const userStatsProjection = defineProjection<Handled>({
  name: 'user-stats',
  version: 1,
  eventTypes: [
    'StorySubmitted',
    'StoryDeleted',
    'StoryVoteCast',
    'CommentPosted',
    'CommentDeleted',
  ],
  collections: [{ name: 'stats', indexes: [] }],
  apply(event) {
    switch (event.type) {
      case 'StorySubmitted':
        return [upsert('stats', event.data.authorId, { $inc: { storiesSubmitted: 1 } })];
      case 'StoryDeleted':
        return [upsert('stats', event.data.authorId, { $inc: { storiesSubmitted: -1 } })];
      case 'StoryVoteCast':
        return [upsert('stats', event.data.userId, { $inc: { votesGiven: 1 } })];
      case 'CommentPosted':
        return [upsert('stats', event.data.authorId, { $inc: { commentsPosted: 1 } })];
      case 'CommentDeleted':
        return [upsert('stats', event.data.authorId, { $inc: { commentsPosted: -1 } })];
      default:
        return [];
    }
  },
});
