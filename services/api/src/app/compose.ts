import { join } from 'node:path';
import type { Router } from 'express';
import { COMMENTS } from '@whosright/projections/comments/docs';
import { CommentQueries } from '@whosright/projections/comments/queries';
import { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import { SessionQueries } from '@whosright/projections/sessions/queries';
import { StoryQueries } from '@whosright/projections/stories/queries';
import { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import { UserSearchQueries } from '@whosright/projections/user-search/queries';
import { UserStatsQueries } from '@whosright/projections/user-stats/queries';
import { UserQueries } from '@whosright/projections/users/queries';
import type { ReadModels } from '@whosright/projections/store/port';
import { AccountService } from '#api/account/account-service';
import { adminRoutes } from '#api/account/admin-routes';
import { OidcTransactionCookie } from '#api/account/oidc-transaction-cookie';
import { accountRoutes } from '#api/account/routes';
import { commentRoutes } from '#api/comment/routes';
import { CommentService } from '#api/comment/comment-service';
import { storyPageMeta } from '#api/story/page-meta';
import { moderationRoutes } from '#api/moderation/routes';
import { storyHistory } from '#api/story/story-history';
import { storyRoutes } from '#api/story/routes';
import { StoryService } from '#api/story/story-service';
import { DEMO_ADMIN_FILE } from '#api/seed/demo-admin';
import { seedDemo } from '#api/seed/seed-demo';
import { seedDemoComments } from '#api/seed/seed-demo-comments';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import { authentication } from '#api/platform/auth';
import type { Config } from '#api/platform/config';
import { createJobQueue } from '#api/platform/jobs/create-job-queue';
import type { Logger } from '#api/platform/logger';
import { createMailDelivery } from '#api/platform/mail/mail-delivery';
import { createMailer } from '#api/platform/mail/create-mailer';
import { createOidcClient } from '#api/platform/oidc/oidc-client';
import type { PageMetaSource } from '#api/platform/page-meta';
import { createRateLimiter } from '#api/platform/rate-limit/create-rate-limiter';
import { writeLimits } from '#api/platform/rate-limit/write-limits';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import { byIp, rateLimit } from '#api/platform/rate-limit/rate-limit-middleware';
import { Visitors } from '#api/platform/visitor';
import type { ReadinessProbe } from '#api/platform/readiness';
import { SessionTokens } from '#api/platform/session-tokens';
import { CommandBus } from '#api/write/command-bus';
import { rejections } from './rejections';
import { openStores, type Stores } from './stores';

/** The read side as the slices ask it: one query object per read model. */
export function queriesOf(models: ReadModels) {
  return {
    users: new UserQueries(models),
    userSearch: new UserSearchQueries(models),
    sessions: new SessionQueries(models),
    stories: new StoryQueries(models),
    storyVotes: new StoryVoteQueries(models),
    userStats: new UserStatsQueries(models),
    comments: new CommentQueries(models),
    moderationLog: new ModerationLogQueries(models),
  };
}
export type Queries = ReturnType<typeof queriesOf>;

export interface Application {
  /** Adds every slice's routes, behind authentication, to the /api router. */
  routes(router: Router): void;
  accounts: AccountService;
  stories: StoryService;
  comments: CommentService;
  queries: Queries;
  pageMeta: PageMetaSource;
  stores: Stores;
  /** After the server listens: the demo seed (SEED_DEMO on, empty store). */
  startBackgroundWork(): void;
  close(): Promise<void>;
}

function projectionsReadiness(stores: Stores) {
  return () => {
    const statuses = stores.projections.status();
    const paused = statuses.filter((s) => s.state === 'paused').map((s) => s.name);
    if (paused.length) return `projection paused on a failed event: ${paused.join(', ')}`;
    const behind = statuses.filter((s) => s.state !== 'live').map((s) => `${s.name} (${s.state})`);
    return behind.length ? `projections not caught up: ${behind.join(', ')}` : null;
  };
}

/**
 * Story deletions a crash interrupted before all their comments were removed: finished at start,
 * by whoever deleted the story (the comments read model keeps them until StoryCommentsRemoved).
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
    for (const sweep of page.items)
      await stories.finishDeletion(sweep._id, { _id: sweep.deletedBy }, SYSTEM_ACTOR);
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
): Promise<Application> {
  const stores = await openStores(config, logger);
  readiness.register('projections', projectionsReadiness(stores));

  const queue = createJobQueue(config, logger);
  const mail = createMailDelivery(queue, createMailer(config, logger), logger);
  const limiter = await createRateLimiter(config, logger);
  const bus = new CommandBus(stores.eventStore, stores.projections, rejections);
  const tokens = new SessionTokens(config.sessionSecret);
  const queries = queriesOf(stores.readStore);
  const { eventStore } = stores;

  const accounts = new AccountService({
    eventStore,
    bus,
    users: queries.users,
    tokens,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    sendMail: (m) => mail.deliver(m),
  });
  const promoted = await accounts.promoteConfiguredAdmins(SYSTEM_ACTOR);
  if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS accounts promoted to admin');

  const comments = new CommentService({
    eventStore,
    bus,
    comments: queries.comments,
    stories: queries.stories,
    users: queries.users,
  });
  const stories = new StoryService({
    eventStore,
    bus,
    stories: queries.stories,
    votes: queries.storyVotes,
    onDeleted: (storyId, by, actor) => comments.deleteAllOfStory(storyId, by, actor),
  });
  const oidc = config.oidc
    ? {
        client: createOidcClient(config.oidc, config.publicUrl),
        cookie: new OidcTransactionCookie(config.sessionSecret),
      }
    : null;

  let seeding: Promise<void> | undefined;
  let resuming: Promise<void> | undefined;
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
      );
      const limit = writeLimits(limiter, config.writeLimits);
      // Story and comment routes come first: they carry most of the traffic.
      storyRoutes(router, {
        limit,
        stories,
        queries: queries.stories,
        history: (storyId) =>
          storyHistory({ eventStore, stories: queries.stories, users: queries.users }, storyId),
        visitors: new Visitors(config.sessionSecret, config.publicUrl.startsWith('https:')),
        trackLimit: rateLimit(limiter, rateLimitPolicies.trackPerIp, byIp),
      });
      commentRoutes(router, comments, queries.comments, limit);
      accountRoutes(router, {
        accounts,
        stats: queries.userStats,
        limiter,
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
      });
      moderationRoutes(router, queries.moderationLog);
    },
    accounts,
    stories,
    comments,
    queries,
    pageMeta: storyPageMeta(stories, config.publicUrl),
    startBackgroundWork() {
      resuming = resumeDeletions(bus, stories, queries.comments)
        .catch((error: unknown) => logger.error({ err: error }, 'resuming deletions failed'))
        .then(() => {
          resuming = undefined;
        });
      if (!config.seedDemo) return;
      seeding = seedDemo(
        {
          eventStore,
          accounts,
          stories,
          extras: [seedDemoComments(comments)],
          demoAdminFile:
            config.nodeEnv === 'development' ? join(config.dataDir, DEMO_ADMIN_FILE) : undefined,
        },
        logger,
      )
        .catch((error: unknown) => logger.error({ err: error }, 'demo seed failed'))
        .then(() => {
          seeding = undefined;
        });
    },
    stores,
    async close() {
      await seeding;
      await resuming;
      await queue.close();
      await limiter.close();
      await stores.close();
    },
  };
}
