import type { StoryActivityEvent } from '@whosright/contracts/story/events';
import { defineProjection, insertOnce } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { SEEN_DOCS, SEEN_STORIES, seenStoryId } from './docs';

type Handled = Recorded<
  Extract<
    StoryActivityEvent,
    { type: 'StorySkipped' | 'StorySkippedAgainFromAddress' | 'StoryEngaged' }
  >
>;

/**
 * The stories each viewer has done with: skipped (counted or not), or engaged with (a vote writes
 * an engagement beside it), one row per viewer and story. Random and Next leave them out. A deleted or hidden
 * story may keep its rows: the draw only ever compares them with the pool of approved stories.
 */
export const seenStoriesProjection = defineProjection<Handled>({
  name: SEEN_STORIES,
  // 2: one row per viewer and story instead of one growing document per viewer.
  // 3: the id alone, no fields and no index: a viewer's rows are a range of ids.
  version: 3,
  eventTypes: ['StorySkipped', 'StorySkippedAgainFromAddress', 'StoryEngaged'],
  collections: [{ name: SEEN_DOCS, indexes: [], insertOnly: true }],
  apply(event) {
    const { visitorKey, storyId } = event.data;
    return [insertOnce(SEEN_DOCS, seenStoryId(visitorKey, storyId), {})];
  },
});
