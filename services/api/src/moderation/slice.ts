import { defineSlice } from '#api/wiring/slice';
import { moderationRoutes } from './routes';

/** The moderation log an admin reads: who did what to which story, comment or member. */
export const moderationSlice = defineSlice({
  name: 'moderation',
  edge: ({ queries }) => ({
    routes: (router) => moderationRoutes(router, queries.moderationLog),
  }),
});
