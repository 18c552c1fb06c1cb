import type { Doc } from '../store/port';

export const SEEN_STORIES = 'seen-stories';
export const SEEN_DOCS = 'seen';

/**
 * One story one viewer (a member `u-{userId}` or a visitor `v-{visitorId}`, the activity
 * streams' key) voted on or skipped. A row per pair keeps each vote or skip one small write,
 * however many stories the viewer has seen; "has this viewer seen story X" is one lookup by id.
 */
export interface SeenStoryDoc extends Doc {
  viewer: string;
  storyId: string;
}

/** The id of the row saying that `viewerKey` has seen `storyId`. */
export const seenStoryId = (viewerKey: string, storyId: string) => `${viewerKey}:${storyId}`;
