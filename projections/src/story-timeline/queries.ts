import type { ReadModels } from '../store/port';
import { BUCKETS, bucketIdsOf, STORY_TIMELINE, type TimelineBucketDoc } from './docs';

/** Votes spread over at most this long are shown by the hour, longer spreads by the day. */
export const HOURLY_SPAN_MS = 72 * 3_600_000;
/** At most this many buckets are read: the first ones, so that sums from the start stay exact. */
export const TIMELINE_MAX_BUCKETS = 500;
/** 72 hours from the first bucket's start hold at most 73 hour buckets: one more proves longer. */
const HOURLY_PROBE = HOURLY_SPAN_MS / 3_600_000 + 2;

export interface StoryTimelineBuckets {
  granularity: 'hour' | 'day';
  /** Oldest first; only buckets with votes. */
  buckets: TimelineBucketDoc[];
}

/** Every read the API makes of the story-timeline read model. */
export class StoryTimelineQueries {
  private readonly buckets;

  constructor(models: ReadModels) {
    this.buckets = models.collection<TimelineBucketDoc>(STORY_TIMELINE, BUCKETS);
  }

  /** The story's first votes by the hour, oldest first (its notifications count from them). */
  async hourly(storyId: string): Promise<TimelineBucketDoc[]> {
    const page = await this.buckets.find(
      { _id: bucketIdsOf(storyId, 'hour') },
      { sort: [['_id', 1]], limit: TIMELINE_MAX_BUCKETS },
    );
    return page.items;
  }

  /**
   * The story's votes per hour when they span at most 72 hours, per day otherwise: one limited
   * range of ids of the hours (which decides, and is the answer when they span 72 hours or less),
   * then one of the days when they span more. Ids sort as the buckets' times.
   */
  async ofStory(storyId: string): Promise<StoryTimelineBuckets> {
    const byTime = { sort: [['_id', 1]] as const };
    const hours = (
      await this.buckets.find(
        { _id: bucketIdsOf(storyId, 'hour') },
        { ...byTime, limit: HOURLY_PROBE },
      )
    ).items;
    const first = hours[0];
    const last = hours[hours.length - 1];
    const hourly =
      !first ||
      !last ||
      (hours.length < HOURLY_PROBE && Date.parse(last.at) - Date.parse(first.at) <= HOURLY_SPAN_MS);
    if (hourly) return { granularity: 'hour', buckets: hours };
    const days = await this.buckets.find(
      { _id: bucketIdsOf(storyId, 'day') },
      { ...byTime, limit: TIMELINE_MAX_BUCKETS },
    );
    return { granularity: 'day', buckets: days.items };
  }
}
