import type { SavedStoryEvent } from '@whosright/contracts/saved/events';
import { defineProjection, remove, upsert } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { SAVED_STORIES, SAVED_STORY_DOCS, savedStoryId } from './docs';

/**
 * The stories each member keeps saved, newest saved first (their Saved tab), and whether one is
 * saved (the story screen's Save toggle). Unsaving removes the row. Whether the story is still
 * public is read from the stories read model when the list is read, so a hide or a deletion
 * needs no write here.
 */
export const savedStoriesProjection = defineProjection<Recorded<SavedStoryEvent>>({
  name: SAVED_STORIES,
  version: 1,
  eventTypes: ['StorySaved', 'StoryUnsaved'],
  collections: [
    {
      name: SAVED_STORY_DOCS,
      indexes: [
        {
          fields: [
            ['userId', 1],
            ['savedAt', -1],
          ],
        },
      ],
    },
  ],
  apply(event) {
    const { storyId, userId } = event.data;
    const id = savedStoryId(storyId, userId);
    if (event.type === 'StoryUnsaved') return [remove(SAVED_STORY_DOCS, id)];
    return [
      upsert(SAVED_STORY_DOCS, id, {
        $set: { userId, storyId, savedAt: event.metadata.recordedAt },
      }),
    ];
  },
});
