import { displayNameOf } from '@whosright/contracts/account/display-name';
import { COMMENTS } from '@whosright/projections/comments/docs';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { byIp, rateLimit } from '#api/platform/rate-limit/rate-limit-middleware';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import { defineSlice } from '#api/wiring/slice';
import { LiveHub } from './live-hub';
import { liveRoutes, tallyReader } from './live-routes';
import { storyPageMeta } from './story-page-meta';
import { storyRejections } from './rejections';
import { storyRoutes } from './routes';
import { storyHistory } from './story-history';
import { StoryService } from './story-service';
import { StoryEngagement } from './story-engagement';
import { StoryReads } from './story-reads';
import { storyTimelineRoutes } from './timeline-routes';

declare module '#api/wiring/slice' {
  interface SlicePorts {
    stories: StoryService;
    storyReads: StoryReads;
    engagement: StoryEngagement;
  }
}

/** Stories: submit, feed, read, vote, react, moderate, delete; their timeline and live tallies. */
export const storySlice = defineSlice({
  name: 'story',
  rejections: { story: storyRejections },
  services: ({ bus, queries }, ports) => ({
    storyReads: new StoryReads({
      stories: queries.stories,
      votes: queries.storyVotes,
      reactions: queries.memberReactions,
      saved: queries.savedStories,
      follows: queries.storyFollows,
    }),
    engagement: new StoryEngagement(bus),
    stories: new StoryService({
      bus,
      onDeleted: (storyId, deletion, actor) =>
        ports.comments.deleteAllOfStory(storyId, deletion, actor),
      screen: async (content) => {
        const found = await ports.automod.screen('story', content);
        return found ? { ruleId: found.ruleId, ruleName: found.ruleName } : null;
      },
    }),
  }),
  edge(deps, ports) {
    const { queries, logger } = deps;
    const liveHub = new LiveHub({
      changes: deps.liveChanges,
      readTally: tallyReader(queries.stories),
      onError: (error, storyId) =>
        logger.warn({ err: error, storyId }, 'live tally could not be read'),
    });
    return {
      routes(router) {
        storyRoutes(router, {
          limit: deps.limit,
          stories: ports.stories,
          reads: ports.storyReads,
          engagement: ports.engagement,
          queries: queries.stories,
          seen: queries.seenStories,
          history: (storyId) =>
            storyHistory(
              {
                log: deps.log,
                stories: queries.stories,
                users: queries.users,
                comments: queries.comments,
              },
              storyId,
            ),
          authorsOf: async (authorIds) =>
            new Map(
              (await queries.users.byIds([...new Set(authorIds)])).map((user) => [
                user._id,
                { id: user._id, displayName: displayNameOf(user) },
              ]),
            ),
          visitors: deps.visitors,
          trackLimit: rateLimit(deps.limiter, rateLimitPolicies.trackPerIp, byIp),
        });
        storyTimelineRoutes(router, { stories: ports.storyReads, timeline: queries.storyTimeline });
        liveRoutes(router, { reads: ports.storyReads, hub: liveHub, slots: deps.liveSlots });
      },
      pageMeta: storyPageMeta(ports.storyReads, deps.config.publicUrl),
      /**
       * Story deletions a crash interrupted before all their comments were removed: finished as
       * whoever deleted the story, as its stream says (the comments read model keeps the open
       * ones until StoryCommentsRemoved, once it caught up with the log).
       */
      async resume() {
        await deps.bus.settleAll([COMMENTS]);
        let cursor: string | undefined;
        do {
          const page = await queries.comments.unfinishedSweeps({ cursor, limit: 100 });
          for (const sweep of page.items)
            await ports.stories.finishDeletion(sweep._id, SYSTEM_ACTOR);
          cursor = page.next;
        } while (cursor);
      },
      endLiveStreams: () => liveHub.close(),
      close: () => liveHub.close(),
    };
  },
});
