import type { StoryVoteEvent } from '@whosright/contracts/story/events';
import { defineProjection, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { DAY_BUCKETS, HOUR_BUCKETS, STORY_TIMELINE, bucketId, dayStart, hourStart } from './docs';

/**
 * How each story's votes came in over time: per hour and per day, so the verdict timeline
 * (GET /api/stories/{id}/timeline) is one sorted, limited find of one of them.
 */
export const storyTimelineProjection = defineProjection<Recorded<StoryVoteEvent>>({
  name: STORY_TIMELINE,
  // 2: no index on (storyId, at) and no storyId field: a story's buckets are a range of ids,
  // in time order.
  version: 2,
  eventTypes: ['StoryVoteCast'],
  collections: [
    { name: HOUR_BUCKETS, indexes: [] },
    { name: DAY_BUCKETS, indexes: [] },
  ],
  apply(event) {
    const { storyId, vote } = event.data;
    // Both sides are counted from the first vote on, so every bucket has both fields.
    const count = { he: vote === 'he' ? 1 : 0, she: vote === 'she' ? 1 : 0 };
    const bucket = (collection: string, at: string) =>
      upsert(collection, bucketId(storyId, at), { $set: { at }, $inc: count });
    return [
      bucket(HOUR_BUCKETS, hourStart(event.metadata.recordedAt)),
      bucket(DAY_BUCKETS, dayStart(event.metadata.recordedAt)),
    ];
  },
});
