import type { Config } from '#api/platform/config';
import { createStoryChanges } from '#api/platform/live/create-story-changes';
import type { StoryChanges } from '#api/platform/live/story-changes';
import type { Logger } from '#api/platform/logger';
import { countingAppends } from '#api/platform/metrics/event-store-metrics';
import type { PageMetaSource } from '#api/platform/page-meta';
import { writeLimits } from '#api/platform/rate-limit/write-limits';
import type { ReadinessProbe } from '#api/platform/readiness';
import { SessionTokens } from '#api/platform/session-tokens';
import { Visitors } from '#api/platform/visitor';
import type { CommandBus } from '#api/write/command-bus';
import { queriesOf, type Queries } from '#api/wiring/queries';
import type { EdgeDeps, ServiceDeps, SliceEdge, SlicePorts } from '#api/wiring/slice';
import { publishStoryChanges } from '#api/platform/live/publish-story-changes';
import type { Application, ComposeOptions } from './application';
import { commandBusOver } from './command-bus-over';
import { openProcessAdapters, type ProcessAdapters } from './process-adapters';
import { watchProjections } from './projection-readiness';
import { requestEdge } from './request-edge';
import { servicesOf, slices } from './slices';
import { StartupWork } from './startup-work';
import { openStores, type Stores } from './stores';

export type { Application, ComposeOptions };

/** What the slices are built from in a server process: their services', then their edges'. */
function slicesDeps(
  config: Config & { sessionSecret: string },
  logger: Logger,
  {
    stores,
    adapters,
    bus,
    runsJobs,
    liveChanges,
  }: {
    stores: Stores;
    adapters: ProcessAdapters;
    bus: CommandBus;
    runsJobs: boolean;
    liveChanges: StoryChanges;
  },
): { serviceDeps: Omit<ServiceDeps, 'bus'>; edgeDeps: EdgeDeps } {
  const serviceDeps: Omit<ServiceDeps, 'bus'> = {
    queries: queriesOf(stores.readStore),
    tokens: new SessionTokens(config.sessionSecret),
    config,
    sendMail: (mail) => adapters.mail.deliver(mail),
  };
  const edgeDeps: EdgeDeps = {
    ...serviceDeps,
    ...adapters,
    bus,
    config,
    logger,
    log: stores.forgettingLog,
    readStore: stores.readStore,
    runsJobs,
    limit: writeLimits(adapters.limiter, config.writeLimits),
    visitors: new Visitors(config.sessionSecret, config.publicUrl.startsWith('https:')),
    liveChanges,
  };
  return { serviceDeps, edgeDeps };
}

type NamedEdges = ReadonlyArray<{ name: string; edge: SliceEdge }>;

/** Every slice's edge over the process's shared deps, in the list's order, each prepared. */
async function edgesOf(deps: EdgeDeps, ports: SlicePorts): Promise<NamedEdges> {
  const edges = slices.map((slice) => ({
    name: slice.name,
    edge: slice.edge?.(deps, ports) ?? {},
  }));
  for (const { edge } of edges) await edge.prepare?.();
  return edges;
}

function pageMetaOf(edges: NamedEdges): PageMetaSource {
  const pageMeta = edges.find(({ edge }) => edge.pageMeta)?.edge.pageMeta;
  if (!pageMeta) throw new Error('No slice serves the pages’ meta tags');
  return pageMeta;
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
  const { serviceDeps, edgeDeps } = slicesDeps(config, logger, {
    stores,
    adapters,
    bus,
    runsJobs: inProcess,
    liveChanges,
  });
  const ports = servicesOf({ ...serviceDeps, bus });
  const edges = await edgesOf(edgeDeps, ports);
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
    pageMeta: pageMetaOf(edges),
    stores,
    endLiveStreams: () => edges.forEach(({ edge }) => edge.endLiveStreams?.()),
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
