import type { SavedStoryEvent } from '@whosright/contracts/saved/events';

export interface SavedStoryState {
  saved: boolean;
}

export type SavedStoryCommand = {
  type: 'SaveStory' | 'UnsaveStory';
  storyId: string;
  userId: string;
};

/**
 * Whether one member keeps one story saved (`savedStory-{storyId}-{userId}`). Saving what is
 * saved, or unsaving what is not, appends nothing: a second tab or a retried request changes
 * nothing.
 */
export const savedStory = {
  initialState: (): SavedStoryState => ({ saved: false }),
  evolve(_state: SavedStoryState, event: SavedStoryEvent): SavedStoryState {
    return { saved: event.type === 'StorySaved' };
  },
  decide(command: SavedStoryCommand, state: SavedStoryState): SavedStoryEvent[] {
    const wanted = command.type === 'SaveStory';
    if (wanted === state.saved) return [];
    const data = { storyId: command.storyId, userId: command.userId };
    return [{ type: wanted ? 'StorySaved' : 'StoryUnsaved', data }];
  },
};
