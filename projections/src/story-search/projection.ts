import { DELETED_TEXT } from '@whosright/contracts/shared/forgetting';
import { cleanText } from '@whosright/contracts/shared/text';
import type { StoryEvent } from '@whosright/contracts/story/events';
import { defineProjection, remove, update, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { STORY_SEARCH, STORY_TEXT_INDEX } from './docs';

type Handled = Recorded<
  Extract<
    StoryEvent,
    { type: 'StorySubmitted' | 'StoryResubmitted' | 'StoryModerated' | 'StoryDeleted' }
  >
>;

/**
 * Full-text search of public stories: each story's latest text, category, date and status, in a
 * text index that holds the approved ones only. A story hidden, rejected or sent back to the
 * queue leaves the index (and comes back if approved again); a deleted one goes with its
 * document; a forgotten author's stories are deleted with the account, and their text reads as
 * deleted on any rebuild, which lists nothing. Votes do not reach it: a vote costs it nothing.
 */
export const storySearchProjection = defineProjection<Handled>({
  name: STORY_SEARCH,
  version: 1,
  eventTypes: ['StorySubmitted', 'StoryResubmitted', 'StoryModerated', 'StoryDeleted'],
  collections: [
    {
      name: STORY_SEARCH,
      indexes: [],
      text: STORY_TEXT_INDEX,
      derive: (doc) => ({
        listed: doc.status === 'approved' && doc.content !== DELETED_TEXT,
      }),
    },
  ],
  apply(event): Change[] {
    switch (event.type) {
      case 'StorySubmitted':
        return [
          upsert(STORY_SEARCH, event.data.storyId, {
            $set: {
              // Cleaned again: texts from before the cleaning rule may hold control characters,
              // which the stores' highlighters use as marks.
              content: cleanText(event.data.content),
              category: event.data.category,
              createdAt: event.metadata.recordedAt,
              status: 'pending',
            },
          }),
        ];
      case 'StoryResubmitted':
        return [
          update(STORY_SEARCH, event.data.storyId, {
            $set: {
              content: cleanText(event.data.content),
              category: event.data.category,
              status: 'pending',
            },
          }),
        ];
      case 'StoryModerated':
        return [update(STORY_SEARCH, event.data.storyId, { $set: { status: event.data.to } })];
      case 'StoryDeleted':
        return [remove(STORY_SEARCH, event.data.storyId)];
      default:
        return [];
    }
  },
});
