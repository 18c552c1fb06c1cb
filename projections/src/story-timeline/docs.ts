import type { Doc } from '../store/port';
import { startingWith } from '../store/prefix';

export const STORY_TIMELINE = 'story-timeline';
/** One document per story and hour with votes in it. */
export const HOUR_BUCKETS = 'hours';
/** One document per story and day (UTC) with votes in it. */
export const DAY_BUCKETS = 'days';

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
 * `{storyId}:{at}`: a story id has no `:` and `at` is an ISO time of fixed width, so a story's
 * buckets are the ids starting with `{storyId}:`, and in id order they are in time order. Its
 * buckets are read as that range of the primary key, without an index of their own (a story's
 * first vote in an hour writes two rows, not two rows and two index entries).
 */
export const bucketId = (storyId: string, at: string) => `${storyId}:${at}`;

/** The ids of one story's buckets, oldest first. */
export const bucketIdsOf = (storyId: string) => startingWith(bucketId(storyId, ''));
