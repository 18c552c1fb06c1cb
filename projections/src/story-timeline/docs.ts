import type { Doc } from '../store/port';
import { startingWith } from '../store/prefix';

export const STORY_TIMELINE = 'story-timeline';
/** One document per story and hour, and per story and day (UTC), with votes in it. */
export const BUCKETS = 'buckets';

export type BucketSize = 'hour' | 'day';

/** The votes one story received in one hour or one day (UTC), by side; its story is in its id. */
export interface TimelineBucketDoc extends Doc {
  /** The bucket's start, ISO (`2026-03-02T09:00:00.000Z`). */
  at: string;
  he: number;
  she: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const startOf = (iso: string, unitMs: number) =>
  new Date(Math.floor(Date.parse(iso) / unitMs) * unitMs).toISOString();

/** The start of the UTC hour `iso` falls in. */
export const hourStart = (iso: string) => startOf(iso, HOUR_MS);
/** The start of the UTC day `iso` falls in. */
export const dayStart = (iso: string) => startOf(iso, DAY_MS);

/**
 * `{storyId}:{h|d}:{at}`: a story id has no `:` and `at` is an ISO time of fixed width, so a
 * story's hours (or days) are the ids starting with `{storyId}:h:` (`:d:`), and in id order they
 * are in time order. They are read as that range of the primary key, without an index of their
 * own. Hours and days share one table, so a story's first vote in an hour writes its two rows
 * side by side, most often on one page.
 */
export const bucketId = (storyId: string, size: BucketSize, at: string) =>
  `${storyId}:${size === 'hour' ? 'h' : 'd'}:${at}`;

/** The ids of one story's hours or days, oldest first. */
export const bucketIdsOf = (storyId: string, size: BucketSize) =>
  startingWith(bucketId(storyId, size, ''));
