import type { Router } from 'express';
import { AccountService } from '#api/account/account-service';
import { OidcTransactionCookie } from '#api/account/oidc-transaction-cookie';
import { accountRoutes } from '#api/account/routes';
import { commentRoutes } from '#api/comment/routes';
import { CommentService } from '#api/comment/comment-service';
import { storyRoutes } from '#api/story/routes';
import { storyPageMeta } from '#api/story/page-meta';
import type { PageMetaSource } from './page-meta';
import { StoryService } from '#api/story/story-service';
import { SessionTokens } from '#api/account/session-token';
import { authentication } from './auth';
import { CommandBus, type Actor } from './commands';
import type { Config } from './config';
import { createJobQueue } from './jobs/create-job-queue';
import type { Logger } from './logger';
import { createMailDelivery } from './mail/mail-delivery';
import { createMailer } from './mail/create-mailer';
import { createOidcClient } from './oidc/oidc-client';
import { createRateLimiter } from './rate-limit/create-rate-limiter';
import type { ReadinessProbe } from './readiness';
import { openStores, type Stores } from './stores';
import { seedDemo } from '#api/seed/seed-demo';
import { seedDemoComments } from '#api/seed/seed-demo-comments';

export const SYSTEM_ACTOR: Actor = { correlationId: 'system' };

export interface Application {
  /** Adds every slice's routes, behind authentication, to the /api router. */
  routes(router: Router): void;
  accounts: AccountService;
  stories: StoryService;
  comments: CommentService;
  pageMeta: PageMetaSource;
  stores: Stores;
  /** After the server listens: the demo seed (SEED_DEMO on, empty store). */
  startBackgroundWork(): void;
  close(): Promise<void>;
}

/** The composition root: every adapter the environment chooses, the services, and their routes. */
export async function composeApplication(
  config: Config & { sessionSecret: string },
  logger: Logger,
  readiness: ReadinessProbe,
): Promise<Application> {
  const stores = await openStores(config, logger);
  readiness.register('projections', () => {
    const statuses = stores.projections.status();
    const paused = statuses.filter((s) => s.state === 'paused').map((s) => s.name);
    if (paused.length) return `projection paused on a failed event: ${paused.join(', ')}`;
    const behind = statuses.filter((s) => s.state !== 'live').map((s) => `${s.name} (${s.state})`);
    return behind.length ? `projections not caught up: ${behind.join(', ')}` : null;
  });

  const queue = createJobQueue(config, logger);
  const mail = createMailDelivery(queue, createMailer(config, logger), logger);
  const limiter = await createRateLimiter(config, logger);
  const bus = new CommandBus(stores.eventStore, stores.projections);
  const tokens = new SessionTokens(config.sessionSecret);

  const accounts = new AccountService({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    bus,
    tokens,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    sendMail: (m) => mail.deliver(m),
  });
  const promoted = await accounts.promoteConfiguredAdmins(SYSTEM_ACTOR);
  if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS accounts promoted to admin');

  const comments = new CommentService({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    bus,
  });
  const stories = new StoryService({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    bus,
    onDeleted: (storyId, by, actor) => comments.deleteAllOfStory(storyId, by, actor),
  });
  const oidc = config.oidc
    ? {
        client: createOidcClient(config.oidc, config.publicUrl),
        cookie: new OidcTransactionCookie(config.sessionSecret),
      }
    : null;

  let seeding: Promise<void> | undefined;
  if (config.seedDemo) {
    readiness.register('demo-seed', () => (seeding ? 'seeding demo content' : null));
  }

  return {
    routes(router) {
      router.use(
        authentication({
          readStore: stores.readStore,
          tokens,
          publicUrl: config.publicUrl,
          renew: (sessionId, expiresAt, actor) =>
            accounts.renewSession(sessionId, expiresAt, actor),
        }),
      );
      // Story and comment routes come first: they carry most of the traffic.
      storyRoutes(router, stories, { secureCookies: config.publicUrl.startsWith('https:') });
      commentRoutes(router, comments);
      accountRoutes(router, { accounts, limiter, publicUrl: config.publicUrl, logger, oidc });
    },
    accounts,
    stories,
    comments,
    pageMeta: storyPageMeta(stories, config.publicUrl),
    startBackgroundWork() {
      if (!config.seedDemo) return;
      seeding = seedDemo(
        { eventStore: stores.eventStore, accounts, stories, extras: [seedDemoComments(comments)] },
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
      await queue.close();
      await limiter.close();
      await stores.close();
    },
  };
}
