import { join } from 'node:path';
import type { Router } from 'express';
import { COMMENTS } from '@whosright/projections/comments/docs';
import { CommentQueries } from '@whosright/projections/comments/queries';
import { MEMBER_STREAMS } from '@whosright/projections/member-streams/docs';
import { MemberStreamQueries } from '@whosright/projections/member-streams/queries';
import { MemberNoteQueries } from '@whosright/projections/member-notes/queries';
import { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import { SessionQueries } from '@whosright/projections/sessions/queries';
import { SeenStoryQueries } from '@whosright/projections/seen-stories/queries';
import { StoryQueries } from '@whosright/projections/stories/queries';
import { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import { MemberReactionQueries } from '@whosright/projections/member-reactions/queries';
import { NotificationReadQueries } from '@whosright/projections/notification-reads/queries';
import { ReportQueries } from '@whosright/projections/reports/queries';
import { StoryTimelineQueries } from '@whosright/projections/story-timeline/queries';
import { UserSearchQueries } from '@whosright/projections/user-search/queries';
import { UserStatsQueries } from '@whosright/projections/user-stats/queries';
import { UserQueries } from '@whosright/projections/users/queries';
import type { ReadModels } from '@whosright/projections/store/port';
import { readModels } from '@whosright/projections/read-models';
import { createProjectionHealthMonitor } from '@whosright/projections/runner/projection-health';
import type { Registry } from 'prom-client';
import type { AccountService } from '#api/account/account-service';
import type { Mail } from '#api/platform/mail/mailer';
import { adminRoutes } from '#api/account/admin-routes';
import { OidcTransactionCookie } from '#api/account/oidc-transaction-cookie';
import { accountRoutes } from '#api/account/routes';
import { AccountDeletion } from '#api/account/delete-account';
import { memberDataRoutes } from '#api/account/member-data-routes';
import { commentRoutes } from '#api/comment/routes';
import type { CommentReads } from '#api/comment/comment-reads';
import type { CommentService } from '#api/comment/comment-service';
import { storyPageMeta } from '#api/story/story-page-meta';
import { MemberHistoryService } from '#api/member-history/member-history-service';
import { memberHistoryRoutes } from '#api/member-history/routes';
import { moderationRoutes } from '#api/moderation/routes';
import { storyHistory } from '#api/story/story-history';
import { storyRoutes } from '#api/story/routes';
import { storyTimelineRoutes } from '#api/story/timeline-routes';
import type { StoryService } from '#api/story/story-service';
import { publishStoryChanges } from '#api/story/live-changes';
import { LiveHub } from '#api/story/live-hub';
import { liveRoutes, tallyReader } from '#api/story/live-routes';
import { createStoryChanges } from '#api/platform/live/create-story-changes';
import {
  LIVE_STREAMS_PER_CLIENT,
  LiveSlots,
  liveStreamsTotal,
} from '#api/platform/live/live-slots';
import { DEMO_ADMIN_FILE } from '#api/seed/demo-admin';
import { seedDemo } from '#api/seed/seed-demo';
import { seedDemoComments } from '#api/seed/seed-demo-comments';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { authentication } from '#api/platform/auth';
import type { Config } from '#api/platform/config';
import { createJobQueue } from '#api/platform/jobs/create-job-queue';
import type { Logger } from '#api/platform/logger';
import {
  createMailDelivery,
  mailJobOptions,
  registerMailJob,
} from '#api/platform/mail/mail-delivery';
import { MAIL_BACKLOG_FILE, openMailBacklog } from '#api/platform/mail/mail-backlog';
import { countingAppends } from '#api/platform/metrics/event-store-metrics';
import { createMailer } from '#api/platform/mail/create-mailer';
import { createOidcClient } from '#api/platform/oidc/oidc-client';
import type { PageMetaSource } from '#api/platform/page-meta';
import type { OtherBodyTypes } from '#api/platform/security';
import { createRateLimiter } from '#api/platform/rate-limit/create-rate-limiter';
import { writeLimits } from '#api/platform/rate-limit/write-limits';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import { byIp, rateLimit } from '#api/platform/rate-limit/rate-limit-middleware';
import { Visitors } from '#api/platform/visitor';
import { idempotencyCallerOf } from '#api/platform/idempotency/caller';
import { idempotency } from '#api/platform/idempotency/idempotency';
import { IdempotencyRecords } from '#api/platform/idempotency/idempotency-records';
import type { ReadinessProbe } from '#api/platform/readiness';
import { SessionTokens } from '#api/platform/session-tokens';
import { CommandBus } from '#api/write/command-bus';
import { createKeyValueStore } from '#api/platform/kv/create-key-value-store';
import { countReplayEvents, REPLAY_JOB, registerReplayJob } from '#api/replay/replay-job';
import { ReplayRecords } from '#api/replay/replay-records';
import { ReplayService } from '#api/replay/replay-service';
import { replayRoutes } from '#api/replay/routes';
import { notificationRoutes } from '#api/notification/routes';
import { LiveBellHub } from '#api/notification/live-bell-hub';
import { StoryFactsCache } from '#api/notification/story-facts-cache';
import { notificationLiveRoutes } from '#api/notification/live-routes';
import { ReportService } from '#api/report/report-service';
import { automodRuleRoutes } from '#api/automod/routes';
import {
  AUTOMOD_DRY_RUN_JOB,
  countDryRunEvents,
  registerDryRunJob,
} from '#api/automod/dry-run-job';
import { DryRunRecords } from '#api/automod/dry-run-records';
import { DryRunService } from '#api/automod/dry-run-service';
import { HeldComments } from '#api/comment/held-comments';
import { heldCommentRoutes } from '#api/comment/held-routes';
import { reportRoutes } from '#api/report/routes';
import type { DailyDigest } from '#api/notification/daily-digest';
import { UNSUBSCRIBE_BODY_TYPES, unsubscribeRoutes } from '#api/notification/unsubscribe-routes';
import { UnsubscribeTokens } from '#api/notification/unsubscribe-token';
import { notificationServiceOver, startDailyDigest } from './notification-wiring';
import { rejections } from './rejections';
import { writeServicesOver } from './services';
import { openStores, type Stores } from './stores';
import { projectionsReadiness } from './projection-readiness';
import { registerJobMetrics, registerProjectionMetrics } from './process-metrics';
import { registerLiveMetrics } from './process-metrics';

/** The read side as the slices ask it: one query object per read model. */
export function queriesOf(models: ReadModels) {
  return {
    users: new UserQueries(models),
    userSearch: new UserSearchQueries(models),
    sessions: new SessionQueries(models),
    stories: new StoryQueries(models),
    storyVotes: new StoryVoteQueries(models),
    memberReactions: new MemberReactionQueries(models),
    userStats: new UserStatsQueries(models),
    comments: new CommentQueries(models),
    moderationLog: new ModerationLogQueries(models),
    seenStories: new SeenStoryQueries(models),
    storyTimeline: new StoryTimelineQueries(models),
    memberStreams: new MemberStreamQueries(models),
    notificationReads: new NotificationReadQueries(models),
    reports: new ReportQueries(models),
    memberNotes: new MemberNoteQueries(models),
  };
}
export type Queries = ReturnType<typeof queriesOf>;

export interface Application {
  /** Adds every slice's routes, behind authentication, to the /api router. */
  routes(router: Router): void;
  /** Those routes that take a body besides JSON. */
  otherBodyTypes: readonly OtherBodyTypes[];
  /** The one door to the log: every write of the slices goes through it. */
  bus: CommandBus;
  accounts: AccountService;
  stories: StoryService;
  comments: CommentService;
  /** Comments as people read them (the seed spec reads the flagged list). */
  commentReads: CommentReads;
  queries: Queries;
  /** Where jobs run here (embedded): the daily digest, which specs run at once. */
  dailyDigest: DailyDigest | undefined;
  pageMeta: PageMetaSource;
  stores: Stores;
  /** Before the server drains: ends every live stream (they would hold their connections open). */
  endLiveStreams(): void;
  /** After the server listens: the demo seed (SEED_DEMO on, empty store). */
  startBackgroundWork(): void;
  close(): Promise<void>;
}

/**
 * The facts of the 10,000 stories whose authors asked last (a few hundred bytes each), kept at
 * most a minute should a story's change notice be lost.
 */
const STORY_FACTS_KEPT = { maxStories: 10_000, ttlMs: 60_000 };

/** How long the demo seed waits for the read models to catch up with it before it says so. */
const SEED_CATCH_UP_MS = 60_000;

/** The lease the start-up work (resumed deletions, the demo seed) runs under: one API at a time. */
const STARTUP_WORK_LEASE = 'api-startup-work';

/**
 * Story deletions a crash interrupted before all their comments were removed: finished at start,
 * as whoever deleted the story, as its stream says (the comments read model keeps the open ones
 * until StoryCommentsRemoved).
 */
async function resumeDeletions(
  bus: CommandBus,
  stories: StoryService,
  comments: CommentQueries,
): Promise<void> {
  // The comments read model first catches up with the log: it knows which sweeps are open.
  await bus.settleAll([COMMENTS]);
  let cursor: string | undefined;
  do {
    const page = await comments.unfinishedSweeps({ cursor, limit: 100 });
    for (const sweep of page.items) await stories.finishDeletion(sweep._id, SYSTEM_ACTOR);
    cursor = page.next;
  } while (cursor);
}

/**
 * The composition root: the one place that knows every part. It opens the adapters the
 * environment chooses, builds the read models' queries, the command bus and the slices' services,
 * and hands the slices' routes to the HTTP edge.
 */
export async function composeApplication(
  config: Config & { sessionSecret: string },
  logger: Logger,
  readiness: ReadinessProbe,
  {
    role,
    metrics,
    liveStreams,
    healthClock,
  }: {
    role: 'all' | 'api';
    metrics: Registry;
    /** Live streams the process's descriptors allow (its connection budget). */
    liveStreams: number;
    /** The clock projection lag is measured by; Date.now unless a spec moves its own. */
    healthClock?: () => number;
  },
): Promise<Application> {
  // An `api` process leaves the projections and the jobs to the projector and worker processes.
  const inProcess = role === 'all';
  // Where the projections run they publish the stories they changed; every API streams them.
  const liveChanges = createStoryChanges(config, logger);
  const stores = await openStores(config, logger, {
    runProjections: inProcess,
    onCommitted: publishStoryChanges(liveChanges),
  });
  const health = createProjectionHealthMonitor({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projections: readModels,
    ...(healthClock ? { now: healthClock } : {}),
  });
  const runningHere = inProcess ? stores.projections : undefined;
  readiness.register('projections', projectionsReadiness(health, runningHere));
  registerProjectionMetrics(metrics, () => health.report(), runningHere);

  const queue = createJobQueue(config, logger, { runWorker: inProcess });
  registerJobMetrics(metrics, queue);
  // Rankings as they stood: replays run as jobs, their state shared through this store.
  const keyValues = createKeyValueStore(config, logger);
  // Retried writes answer their first result: kept across restarts (SQLite, or Redis).
  const idempotencyStore = createKeyValueStore(config, logger, {
    embedded: () => stores.embeddedDatabase(),
  });
  // Kept replay rows forget members who deleted their accounts after the replay was built, by
  // the forgetting log's own registry.
  const replayRecords = new ReplayRecords(keyValues, stores.forgettingLog);
  registerReplayJob(queue, {
    eventStore: stores.forgettingLog,
    readStore: stores.readStore,
    records: replayRecords,
  });
  const dryRunRecords = new DryRunRecords(keyValues, stores.forgettingLog);
  registerDryRunJob(queue, { log: stores.forgettingLog, records: dryRunRecords });
  registerMailJob(queue, createMailer(config, logger), mailJobOptions(config.mailRetryMs));
  // Mails are kept in DATA_DIR until the queue has them: a Redis outage delays them, never drops them.
  const mail = createMailDelivery({
    queue,
    backlog: openMailBacklog(join(config.dataDir, MAIL_BACKLOG_FILE)),
    logger,
  });
  const limiter = await createRateLimiter(config, logger);
  const eventStore = countingAppends(stores.eventStore, metrics);
  const bus = new CommandBus(eventStore, stores.projections, rejections);
  const tokens = new SessionTokens(config.sessionSecret);
  const queries = queriesOf(stores.readStore);
  const liveHub = new LiveHub({
    changes: liveChanges,
    readTally: tallyReader(queries.stories),
    onError: (error, storyId) =>
      logger.warn({ err: error, storyId }, 'live tally could not be read'),
  });
  const storyFacts = new StoryFactsCache(liveChanges, STORY_FACTS_KEPT);
  const notifications = notificationServiceOver(bus, queries, storyFacts);
  const bellHub = new LiveBellHub({
    changes: liveChanges,
    count: (userId) => notifications.unreadCount(userId),
    authorOf: async (storyId) => (await queries.stories.byId(storyId))?.authorId,
    onError: (error, id) => logger.warn({ err: error, id }, 'live bell could not be counted'),
  });
  const visitors = new Visitors(config.sessionSecret, config.publicUrl.startsWith('https:'));
  const liveShed = registerLiveMetrics(metrics, () => liveSlots.open);
  const liveSlots = new LiveSlots(LIVE_STREAMS_PER_CLIENT, liveStreamsTotal(liveStreams), () =>
    liveShed.inc(),
  );
  const replays = new ReplayService({
    records: replayRecords,
    enqueue: (payload) => queue.enqueue(REPLAY_JOB, payload, { jobId: payload.id }),
    inQueue: (id) => queue.pending(id),
    stories: queries.stories,
    countEvents: (until) => countReplayEvents(stores.eventStore, until),
  });
  const dryRuns = new DryRunService({
    records: dryRunRecords,
    enqueue: (payload) => queue.enqueue(AUTOMOD_DRY_RUN_JOB, payload, { jobId: payload.id }),
    countEvents: () => countDryRunEvents(stores.eventStore),
  });

  // Where jobs run, the daily digest is mailed from here too (the worker's, in scale mode).
  const dailyDigest = inProcess
    ? startDailyDigest({
        bus,
        queries,
        queue,
        logger,
        config,
        send: (m, jobId) => mail.deliver(m, { jobId }),
      })
    : undefined;
  const unsubscribeTokens = new UnsubscribeTokens(config.sessionSecret);

  const writeServices = {
    queries,
    tokens,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    sendMail: (m: Mail) => mail.deliver(m),
  };
  const { accounts, comments, commentReads, stories, automod } = writeServicesOver(
    bus,
    writeServices,
  );
  const promoted = await accounts.promoteConfiguredAdmins(SYSTEM_ACTOR);
  if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS accounts promoted to admin');
  // A member deletes their account; their stories and comments go as their author's.
  const deletion = new AccountDeletion({
    bus,
    log: stores.forgettingLog,
    streams: queries.memberStreams,
    held: queries.comments,
    sessions: queries.sessions,
    users: queries.users,
    deleteStory: (storyId, userId, actor) => stories.delete(storyId, { _id: userId }, false, actor),
    deleteComment: (commentId, userId, actor) =>
      comments.delete(commentId, { _id: userId }, false, actor),
    publicUrl: config.publicUrl,
    sendMail: (m) => mail.deliver(m),
  });
  const oidc = config.oidc
    ? {
        client: createOidcClient(config.oidc, config.publicUrl),
        cookie: new OidcTransactionCookie(config.sessionSecret),
      }
    : null;

  let seeding = false;
  let startup: Promise<void> | undefined;
  const closing = new AbortController();
  /**
   * Several API processes may start together: one at a time resumes interrupted deletions and
   * seeds, and the next finds nothing left to do (the seed only writes into an empty store).
   */
  async function runStartupWork(): Promise<void> {
    const lease = await stores.leases
      .acquire(STARTUP_WORK_LEASE, { signal: closing.signal })
      .catch(() => undefined);
    if (!lease) {
      seeding = false;
      return;
    }
    try {
      await resumeDeletions(bus, stories, queries.comments).catch((error: unknown) =>
        logger.error({ err: error }, 'resuming deletions failed'),
      );
      // Finish the account deletions a crash stopped between their appends.
      await deletion
        .resume(SYSTEM_ACTOR)
        .catch((error: unknown) =>
          logger.error({ err: error }, 'resuming account deletions failed'),
        );
      if (!config.seedDemo || closing.signal.aborted) return;
      // The seed reads nothing back, so its writes wait for no read model (a bus without
      // projections); the demo counts as seeded once every read model has caught up with it.
      const seed = writeServicesOver(new CommandBus(eventStore, null, rejections), writeServices);
      await seedDemo(
        {
          bus,
          accounts: seed.accounts,
          stories: seed.stories,
          extras: [seedDemoComments(seed.comments)],
          demoAdminFile:
            config.nodeEnv === 'development' ? join(config.dataDir, DEMO_ADMIN_FILE) : undefined,
        },
        logger,
      )
        .then(async (seeded) => {
          const head = await eventStore.headPosition();
          if (seeded && !(await stores.projections.waitFor(head, undefined, SEED_CATCH_UP_MS)))
            logger.warn('demo seed: the read models are still catching up with it');
        })
        .catch((error: unknown) => logger.error({ err: error }, 'demo seed failed'));
    } finally {
      seeding = false;
      await lease.release();
    }
  }
  if (config.seedDemo) {
    readiness.register('demo-seed', () => (seeding ? 'seeding demo content' : null));
  }

  return {
    routes(router) {
      router.use(
        authentication({
          sessions: queries.sessions,
          users: queries.users,
          tokens,
          publicUrl: config.publicUrl,
          renew: (sessionId, expiresAt, actor) =>
            accounts.renewSession(sessionId, expiresAt, actor),
        }),
        // Keys are the caller's, so this runs once the caller is known; before the rate
        // limits, so that a retry answered from its key does not use up the allowance.
        idempotency({
          records: new IdempotencyRecords(idempotencyStore),
          callerOf: idempotencyCallerOf(visitors),
          startedAt: (key) => bus.keyedWriteStartedAt(key),
          onStoreError: (error) =>
            logger.warn({ err: error }, 'an idempotency record could not be written'),
        }),
      );
      const limit = writeLimits(limiter, config.writeLimits);
      // Story and comment routes come first: they carry most of the traffic.
      storyRoutes(router, {
        limit,
        stories,
        queries: queries.stories,
        seen: queries.seenStories,
        history: (storyId) =>
          storyHistory(
            { log: stores.forgettingLog, stories: queries.stories, users: queries.users },
            storyId,
          ),
        visitors,
        trackLimit: rateLimit(limiter, rateLimitPolicies.trackPerIp, byIp),
      });
      storyTimelineRoutes(router, { stories, timeline: queries.storyTimeline });
      liveRoutes(router, { stories, hub: liveHub, slots: liveSlots });
      commentRoutes(router, { comments, reads: commentReads }, limit, (authorId) =>
        bellHub.nudge(authorId),
      );
      memberDataRoutes(router, {
        deletion,
        log: stores.forgettingLog,
        memberStreams: queries.memberStreams,
        settleMemberStreams: () => bus.settleAll([MEMBER_STREAMS]),
        limiter,
        publicUrl: config.publicUrl,
      });
      accountRoutes(router, {
        accounts,
        stats: queries.userStats,
        limiter,
        limit,
        publicUrl: config.publicUrl,
        logger,
        oidc,
      });
      adminRoutes(router, {
        accounts,
        users: queries.users,
        search: queries.userSearch,
        stories: queries.stories,
        comments: queries.comments,
        reports: queries.reports,
      });
      moderationRoutes(router, queries.moderationLog);
      memberHistoryRoutes(
        router,
        new MemberHistoryService({
          bus,
          users: queries.users,
          log: queries.moderationLog,
          reports: queries.reports,
          notes: queries.memberNotes,
        }),
        limit,
      );
      notificationLiveRoutes(router, { hub: bellHub, slots: liveSlots });
      notificationRoutes(router, notifications, limit, (userId) => bellHub.nudge(userId));
      reportRoutes(
        router,
        new ReportService({
          bus,
          stories: queries.stories,
          comments: queries.comments,
          users: queries.users,
          reports: queries.reports,
          actions: {
            hideStory: (storyId, admin, reason, actor, alongside) =>
              stories.moderate(storyId, admin, 'hidden', reason, actor, alongside),
            deleteComment: (commentId, admin, reason, actor, alongside) =>
              comments.delete(commentId, admin, true, actor, reason, alongside),
            banUser: (userId, reason, actor, alongside) =>
              accounts.change(userId, 'ban', actor, reason, alongside),
          },
          approvedStory: (storyId) => stories.approvedGuard(storyId),
        }),
        limit,
        (reporterId) => bellHub.nudge(reporterId),
      );
      unsubscribeRoutes(router, {
        tokens: unsubscribeTokens,
        turnDigestOff: (userId, actor) =>
          accounts.setNotificationSettings(userId, { digest: false }, actor),
      });
      replayRoutes(router, replays);
      automodRuleRoutes(router, automod, dryRuns);
      heldCommentRoutes(
        router,
        new HeldComments({
          bus,
          comments: queries.comments,
          users: queries.users,
          approvedStory: (storyId) => stories.approvedGuard(storyId),
        }),
      );
    },
    dailyDigest: dailyDigest?.digest,
    bus,
    accounts,
    stories,
    comments,
    commentReads,
    queries,
    otherBodyTypes: [UNSUBSCRIBE_BODY_TYPES],
    pageMeta: storyPageMeta(stories, config.publicUrl),
    startBackgroundWork() {
      seeding = config.seedDemo;
      startup = runStartupWork().finally(() => {
        startup = undefined;
      });
    },
    stores,
    endLiveStreams: () => {
      liveHub.close();
      bellHub.close();
    },
    async close() {
      closing.abort(new Error('The application is closing'));
      dailyDigest?.stop();
      liveHub.close();
      bellHub.close();
      storyFacts.close();
      await startup;
      await mail.close();
      await queue.close();
      await keyValues.close();
      await idempotencyStore.close();
      await limiter.close();
      await stores.close();
      await liveChanges.close();
    },
  };
}
