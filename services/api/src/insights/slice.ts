import { defineSlice } from '#api/wiring/slice';
import { AdminInsights } from './admin-insights';
import { insightsRoutes } from './routes';

/** Insights: the admin's charts of votes, stories, comments, sign-ups, verdicts and skip rates. */
export const insightsSlice = defineSlice({
  name: 'insights',
  edge: ({ queries }) => ({
    routes(router) {
      insightsRoutes(
        router,
        new AdminInsights({ insights: queries.insights, stories: queries.stories }),
      );
    },
  }),
});
