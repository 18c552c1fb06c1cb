import type { CommentEvent } from '@whosright/contracts/comment/events';
import type { StoryEvent, StoryVoteEvent } from '@whosright/contracts/story/events';
import type { UserEvent } from '@whosright/contracts/account/events';
import { defineProjection, remove, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { USER_STATS, USER_STATS_DOCS } from './docs';

type Handled =
  | Recorded<Extract<StoryEvent, { type: 'StorySubmitted' | 'StoryDeleted' }>>
  | Recorded<StoryVoteEvent>
  | Recorded<CommentEvent>
  | Recorded<Extract<UserEvent, { type: 'AccountDeleted' }>>;

/**
 * The profile counters. A deleted story or comment leaves the count with it (the counts match the
 * lists); votes given stay counted: they were given.
 */
export const userStatsProjection = defineProjection<Handled>({
  name: USER_STATS,
  version: 2,
  eventTypes: [
    'StorySubmitted',
    'StoryDeleted',
    'StoryVoteCast',
    'CommentPosted',
    'CommentDeleted',
    'AccountDeleted',
  ],
  collections: [{ name: USER_STATS_DOCS, indexes: [] }],
  apply(event) {
    switch (event.type) {
      case 'StorySubmitted':
        return [upsert(USER_STATS_DOCS, event.data.authorId, { $inc: { storiesSubmitted: 1 } })];
      case 'StoryDeleted':
        return [upsert(USER_STATS_DOCS, event.data.authorId, { $inc: { storiesSubmitted: -1 } })];
      case 'StoryVoteCast':
        return [upsert(USER_STATS_DOCS, event.data.userId, { $inc: { votesGiven: 1 } })];
      case 'CommentPosted':
        return [upsert(USER_STATS_DOCS, event.data.authorId, { $inc: { commentsPosted: 1 } })];
      case 'CommentDeleted':
        return [upsert(USER_STATS_DOCS, event.data.authorId, { $inc: { commentsPosted: -1 } })];
      // The member deleted their account: their counters go with it.
      case 'AccountDeleted':
        return [remove(USER_STATS_DOCS, event.stream.slice('user-'.length))];
      default:
        return [];
    }
  },
});
