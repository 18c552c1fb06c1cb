import type { StoryEvent } from '@whosright/contracts/story/events';
import type { StoryCategory } from '@whosright/contracts/shared/categories';

/** What a comment on a story needs of it: whether it takes comments, and what it is about. */
export interface StoryFacts {
  approved: boolean;
  category: StoryCategory;
  content: string;
}

/**
 * A story's facts, folded from its own stream (null: there is no such story, or it was deleted),
 * so a write that needs them decides on the log, never on a read model that may not have caught
 * up with it yet.
 */
export const storyFacts = {
  initialState: (): StoryFacts | null => null,
  evolve(facts: StoryFacts | null, event: StoryEvent): StoryFacts | null {
    switch (event.type) {
      case 'StorySubmitted':
        return {
          approved: false,
          category: event.data.category,
          content: event.data.content,
        };
      // The last text is what a comment quotes; pending again, it takes no comments.
      case 'StoryResubmitted':
        return (
          facts && {
            approved: false,
            category: event.data.category,
            content: event.data.content,
          }
        );
      case 'StoryModerated':
        return facts && { ...facts, approved: event.data.to === 'approved' };
      case 'StoryDeleted':
        return null;
      case 'StoryCommentsRemoved':
        return facts;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
};
