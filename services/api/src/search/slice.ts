import { byIp, rateLimit } from '#api/platform/rate-limit/rate-limit-middleware';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import { defineSlice } from '#api/wiring/slice';
import { searchRoutes } from './routes';
import { StorySearch } from './story-search';

/** Story search: full text over the public stories, with filters, most relevant first. */
export const searchSlice = defineSlice({
  name: 'search',
  edge: ({ queries, limiter }, ports) => ({
    routes(router) {
      const search = new StorySearch({
        index: queries.storySearch,
        feedCards: (storyIds, viewer) => ports.storyReads.publicFeedCards(storyIds, viewer),
      });
      searchRoutes(router, search, rateLimit(limiter, rateLimitPolicies.searchesPerIp, byIp));
    },
  }),
});
