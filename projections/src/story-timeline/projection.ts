import type { StoryVoteEvent } from '@whosright/contracts/story/events';
import { defineProjection, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { BUCKETS, STORY_TIMELINE, bucketId, dayStart, hourStart, type BucketSize } from './docs';

/**
 * How each story's votes came in over time: per hour and per day, so the verdict timeline
 * (GET /api/stories/{id}/timeline) is one sorted, limited find of one of them.
 */
export const storyTimelineProjection = defineProjection<Recorded<StoryVoteEvent>>({
  name: STORY_TIMELINE,
  // Vote milestones and flips.
  storyChanges: { kind: 'timeline', eventTypes: ['StoryVoteCast'] },
  // 2: no index on (storyId, at) and no storyId field: a story's buckets are a range of ids,
  // in time order.
  // 3: hours and days in one collection, a story's side by side.
  version: 3,
  eventTypes: ['StoryVoteCast'],
  collections: [{ name: BUCKETS, indexes: [] }],
  apply(event) {
    const { storyId, vote } = event.data;
    // Both sides are counted from the first vote on, so every bucket has both fields.
    const count = { he: vote === 'he' ? 1 : 0, she: vote === 'she' ? 1 : 0 };
    const bucket = (size: BucketSize, at: string) =>
      upsert(BUCKETS, bucketId(storyId, size, at), { $set: { at }, $inc: count });
    return [
      bucket('hour', hourStart(event.metadata.recordedAt)),
      bucket('day', dayStart(event.metadata.recordedAt)),
    ];
  },
});
