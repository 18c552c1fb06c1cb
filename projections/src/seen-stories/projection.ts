import type { StoryActivityEvent } from '@whosright/contracts/story/events';
import { defineProjection, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { SEEN_BY_VIEWER, SEEN_STORIES } from './docs';

type Handled = Recorded<Extract<StoryActivityEvent, { type: 'StorySkipped' | 'StoryEngaged' }>>;

/**
 * The stories each viewer has done with: skipped, or engaged with (a vote writes an engagement
 * beside it). Random and Next leave them out. A deleted or hidden story may stay in a set: the
 * draw only ever compares the set with the pool of approved stories.
 */
export const seenStoriesProjection = defineProjection<Handled>({
  name: SEEN_STORIES,
  version: 1,
  eventTypes: ['StorySkipped', 'StoryEngaged'],
  collections: [{ name: SEEN_BY_VIEWER, indexes: [] }],
  apply(event) {
    return [
      upsert(SEEN_BY_VIEWER, event.data.visitorKey, {
        $set: { [`stories.${event.data.storyId}`]: true },
      }),
    ];
  },
});
