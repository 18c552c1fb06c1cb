import { leaderOf } from '@whosright/contracts/story/rules';
import { defineSlice } from '#api/wiring/slice';
import { followRoutes } from './routes';
import { StoryFollows } from './story-follows';

/** Following a story: a member hears of new comments on it and of its majority flipping. */
export const followSlice = defineSlice({
  name: 'follow',
  edge: ({ bus, queries, limit }, ports) => ({
    routes(router) {
      const follows = new StoryFollows({
        bus,
        authorOf: async (storyId) => (await ports.stories.subject(storyId))?.authorId ?? null,
        majorityOf: async (storyId) => {
          const card = await queries.stories.byId(storyId);
          return card ? leaderOf({ he: card.heVotes, she: card.sheVotes }) : null;
        },
        approvedStory: (storyId) => ports.stories.approvedGuard(storyId),
        onChanged: (userId) => ports.bell.nudge(userId),
      });
      followRoutes(router, follows, limit);
    },
  }),
});
