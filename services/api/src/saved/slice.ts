import { defineSlice } from '#api/wiring/slice';
import { savedRoutes } from './routes';
import { SavedStories } from './saved-stories';

/** Saved stories: a member keeps public stories to read again, in their Saved tab. */
export const savedSlice = defineSlice({
  name: 'saved',
  edge: ({ bus, queries, limit }, ports) => ({
    routes(router) {
      const saved = new SavedStories({
        bus,
        saves: queries.savedStories,
        feedCards: (storyIds, user) => ports.storyReads.publicFeedCards(storyIds, user),
        approvedStory: (storyId) => ports.stories.approvedGuard(storyId),
      });
      savedRoutes(router, saved, limit);
    },
  }),
});
