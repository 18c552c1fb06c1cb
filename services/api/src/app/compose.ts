import type { Router } from 'express';
import type { Registry } from 'prom-client';
import type { AccountUseCases } from '#api/account/account-use-cases';
import type { CommentReads } from '#api/comment/comment-reads';
import type { CommentService } from '#api/comment/comment-service';
import type { DailyDigest } from '#api/notification/daily-digest';
import type { StoryService } from '#api/story/story-service';
import type { StoryEngagement } from '#api/story/story-engagement';
import type { Config } from '#api/platform/config';
import { createStoryChanges } from '#api/platform/live/create-story-changes';
import type { Logger } from '#api/platform/logger';
import { countingAppends } from '#api/platform/metrics/event-store-metrics';
import type { PageMetaSource } from '#api/platform/page-meta';
import { writeLimits } from '#api/platform/rate-limit/write-limits';
import type { ReadinessProbe } from '#api/platform/readiness';
import type { OtherBodyTypes } from '#api/platform/security';
import { SessionTokens } from '#api/platform/session-tokens';
import { Visitors } from '#api/platform/visitor';
import type { CommandBus } from '#api/write/command-bus';
import { queriesOf, type Queries } from '#api/wiring/queries';
import type { EdgeDeps, ServiceDeps } from '#api/wiring/slice';
import { publishStoryChanges } from '#api/platform/live/publish-story-changes';
import { commandBusOver } from './command-bus-over';
import { openProcessAdapters } from './process-adapters';
import { watchProjections } from './projection-readiness';
import { requestEdge } from './request-edge';
import { servicesOf, slices } from './slices';
import { StartupWork } from './startup-work';
import { openStores, type Stores } from './stores';

export { queriesOf, type Queries };

export interface Application {
  /** Adds every slice's routes, behind authentication, to the /api router. */
  routes(router: Router): void;
  /** Those routes that take a body besides JSON. */
  otherBodyTypes: readonly OtherBodyTypes[];
  /** The one door to the log: every write of the slices goes through it. */
  bus: CommandBus;
  accounts: AccountUseCases;
  stories: StoryService;
  /** Votes, reactions and the views counted (specs back-date votes through it). */
  engagement: StoryEngagement;
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
  /** After the server listens: resumed work and the demo seed (SEED_DEMO on, empty store). */
  startBackgroundWork(): void;
  close(): Promise<void>;
}

export interface ComposeOptions {
  role: 'all' | 'api';
  metrics: Registry;
  /** Live streams the process's descriptors allow (its connection budget). */
  liveStreams: number;
  /** The clock projection lag is measured by; Date.now unless a spec moves its own. */
  healthClock?: () => number;
}

/**
 * The composition root: the one place that knows every part. It opens the adapters the
 * environment chooses, builds the read models' queries and the command bus, then each slice of
 * the list (`slices.ts`): its services, then its edge, whose routes it hands to the HTTP server.
 */
export async function composeApplication(
  config: Config & { sessionSecret: string },
  logger: Logger,
  readiness: ReadinessProbe,
  { role, metrics, liveStreams, healthClock }: ComposeOptions,
): Promise<Application> {
  // An `api` process leaves the projections and the jobs to the projector and worker processes.
  const inProcess = role === 'all';
  // Where the projections run they publish the stories they changed; every API streams them.
  const liveChanges = createStoryChanges(config, logger);
  const stores = await openStores(config, logger, {
    runProjections: inProcess,
    onCommitted: publishStoryChanges(liveChanges),
  });
  watchProjections(stores, { readiness, metrics, runsProjections: inProcess, healthClock });
  const adapters = await openProcessAdapters(config, logger, stores, {
    runsJobs: inProcess,
    metrics,
    liveStreams,
  });
  const eventStore = countingAppends(stores.eventStore, metrics);
  const bus = commandBusOver(eventStore, stores.projections);
  const serviceDeps: Omit<ServiceDeps, 'bus'> = {
    queries: queriesOf(stores.readStore),
    tokens: new SessionTokens(config.sessionSecret),
    config,
    sendMail: (mail) => adapters.mail.deliver(mail),
  };
  const ports = servicesOf({ ...serviceDeps, bus });
  const edgeDeps: EdgeDeps = {
    ...serviceDeps,
    ...adapters,
    bus,
    config,
    logger,
    log: stores.forgettingLog,
    readStore: stores.readStore,
    runsJobs: inProcess,
    limit: writeLimits(adapters.limiter, config.writeLimits),
    visitors: new Visitors(config.sessionSecret, config.publicUrl.startsWith('https:')),
    liveChanges,
  };
  const edges = slices.map((slice) => ({
    name: slice.name,
    edge: slice.edge?.(edgeDeps, ports) ?? {},
  }));
  for (const { edge } of edges) await edge.prepare?.();
  const startup = new StartupWork({
    config,
    logger,
    readiness,
    leases: stores.leases,
    eventStore,
    projections: stores.projections,
    edges,
    serviceDeps,
  });
  const pageMeta = edges.find(({ edge }) => edge.pageMeta)?.edge.pageMeta;
  if (!pageMeta) throw new Error('No slice serves the pages’ meta tags');
  const endLiveStreams = () => edges.forEach(({ edge }) => edge.endLiveStreams?.());

  return {
    routes(router) {
      requestEdge(router, {
        ...edgeDeps,
        ...serviceDeps.queries,
        ...adapters,
        publicUrl: config.publicUrl,
        renewSession: (sessionId, expiresAt, actor) =>
          ports.accounts.sessions.renew(sessionId, expiresAt, actor),
      });
      for (const { edge } of edges) edge.routes?.(router);
    },
    otherBodyTypes: edges.flatMap(({ edge }) => edge.otherBodyTypes ?? []),
    bus,
    accounts: ports.accounts,
    stories: ports.stories,
    engagement: ports.engagement,
    comments: ports.comments,
    commentReads: ports.commentReads,
    queries: serviceDeps.queries,
    dailyDigest: ports.dailyDigest,
    pageMeta,
    stores,
    endLiveStreams,
    startBackgroundWork: () => startup.start(),
    async close() {
      await startup.close();
      for (const { edge } of edges) await edge.close?.();
      await adapters.close();
      await stores.close();
      await liveChanges.close();
    },
  };
}
