import { defineSlice } from '#api/wiring/slice';
import type { DailyDigest } from './daily-digest';
import { notificationServiceOver, startDailyDigest } from './digest-wiring';
import { LiveBellHub } from './live-bell-hub';
import { notificationLiveRoutes } from './live-routes';
import { notificationRoutes } from './routes';
import { StoryFactsCache } from './story-facts-cache';
import { UNSUBSCRIBE_BODY_TYPES, unsubscribeRoutes } from './unsubscribe-routes';
import { UnsubscribeTokens } from './unsubscribe-token';

declare module '#api/wiring/slice' {
  interface SlicePorts {
    /** A member's open bells count again now (after something they did that changes them). */
    bell: { nudge(userId: string): void };
    /** Where jobs run here (embedded): the daily digest, which specs run at once. */
    dailyDigest?: DailyDigest;
  }
}

/**
 * The facts of the 10,000 stories whose authors asked last (a few hundred bytes each), kept at
 * most a minute should a story's change notice be lost.
 */
const STORY_FACTS_KEPT = { maxStories: 10_000, ttlMs: 60_000 };

/** The bell: notifications, their live count, the daily digest and its unsubscribe link. */
export const notificationSlice = defineSlice({
  name: 'notification',
  edge(deps, ports) {
    const { bus, queries, config, logger } = deps;
    const storyFacts = new StoryFactsCache(deps.liveChanges, STORY_FACTS_KEPT);
    const settings = (userId: string) => ports.accounts.notificationSettings(userId);
    const notifications = notificationServiceOver(bus, queries, settings, storyFacts);
    const bellHub = new LiveBellHub({
      changes: deps.liveChanges,
      count: (userId) => notifications.unreadCount(userId),
      authorOf: async (storyId) => (await queries.stories.byId(storyId))?.authorId,
      onError: (error, id) => logger.warn({ err: error, id }, 'live bell could not be counted'),
    });
    ports.bell = bellHub;
    // Where jobs run, the daily digest is mailed from here too (the worker's, in scale mode).
    const digest = deps.runsJobs
      ? startDailyDigest({
          bus,
          queries,
          settings,
          queue: deps.queue,
          logger,
          config,
          send: (mail, jobId) => deps.mail.deliver(mail, { jobId }),
        })
      : undefined;
    if (digest) ports.dailyDigest = digest.digest;
    const tokens = new UnsubscribeTokens(config.sessionSecret);
    return {
      routes(router) {
        notificationLiveRoutes(router, { hub: bellHub, slots: deps.liveSlots });
        notificationRoutes(router, notifications, deps.limit, (userId) => bellHub.nudge(userId));
        unsubscribeRoutes(router, {
          tokens,
          turnDigestOff: (userId, actor) =>
            ports.accounts.profiles.setNotificationSettings(userId, { digest: false }, actor),
        });
      },
      otherBodyTypes: [UNSUBSCRIBE_BODY_TYPES],
      endLiveStreams: () => bellHub.close(),
      close() {
        digest?.stop();
        bellHub.close();
        storyFacts.close();
      },
    };
  },
});
