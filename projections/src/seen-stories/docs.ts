import type { Doc } from '../store/port';

export const SEEN_STORIES = 'seen-stories';
export const SEEN_BY_VIEWER = 'viewers';

/**
 * One viewer (a member `u-{userId}` or a visitor `v-{visitorId}`, the activity streams' key):
 * the stories they voted on or skipped, as `stories.{storyId}: true`, so the whole set is one
 * lookup by id when Random or Next draws a story they have not seen.
 */
export interface SeenStoriesDoc extends Doc {
  stories: Record<string, true>;
}
