import { fileURLToPath } from 'node:url';
import { createApp, trustedProxyOf } from '#api/platform/app';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { createMetricsRegistry } from '#api/platform/metrics/registry';
import { ReadinessProbe } from '#api/platform/readiness';
import { ensureDataDir } from '#api/platform/data-dir';
import {
  connectionBudget,
  type ConnectionBudget,
} from '#api/platform/connections/connection-budget';
import { guardConnections, type ConnectionGuard } from '#api/platform/connections/connection-guard';
import { ConnectionReport } from '#api/platform/connections/connection-report';
import { readDescriptorLimit } from '#api/platform/connections/descriptor-limit';
import { composeApplication, type Application } from './compose';
import { listen, type Listening } from './listen';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  server: Listening['server'];
  metricsUrl: string | undefined;
  application: Application;
  stop(): Promise<void>;
}

/**
 * How many connections and live streams this process takes, from its open-file limit (read at
 * start unless given), said once in the log.
 */
function planConnections(logger: Logger, descriptorLimit: number | undefined): ConnectionBudget {
  const read = descriptorLimit === undefined ? readDescriptorLimit() : undefined;
  const budget = connectionBudget(descriptorLimit ?? read!.limit);
  if (read?.source === 'fallback')
    logger.warn(budget, 'open-file limit unknown (no /proc/self/limits): planning for the default');
  else logger.info(budget, 'connections planned from the open-file limit');
  return budget;
}

/**
 * Opens the stores, builds the app and listens on HOST:PORT. `stop` undoes it in reverse: no new
 * connections, the requests in flight answered, then the stores closed. Role `all` also runs the
 * projections and the jobs here; `api` leaves them to the projector and worker processes.
 */
export async function startWebServer(
  config: Config & { sessionSecret: string },
  logger: Logger,
  options: {
    webDist?: string | null;
    requestTimeoutMs?: number;
    role?: 'all' | 'api';
    /** The open-file limit to plan for; by default this process's own, read at start. */
    descriptorLimit?: number;
    /** The clock projection lag is measured by (`/api/ready`); specs move it instead of waiting. */
    healthClock?: () => number;
  } = {},
): Promise<RunningServer> {
  ensureDataDir(config.dataDir);
  const readiness = new ReadinessProbe();
  readiness.register('data-dir', () => ensureDataDir(config.dataDir, { throwing: false }));
  const role = options.role ?? 'all';
  const metrics = createMetricsRegistry({ role });
  const budget = planConnections(logger, options.descriptorLimit);
  let guard: ConnectionGuard | undefined;
  const connectionReport = new ConnectionReport(logger, budget, metrics, () => guard?.open ?? 0);

  const application = await composeApplication(config, logger, readiness, {
    role,
    metrics,
    liveStreams: budget.liveStreams,
    ...(options.healthClock ? { healthClock: options.healthClock } : {}),
  });
  const app = createApp({
    config,
    logger,
    readiness,
    webDist: options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist,
    apiRoutes: (router) => application.routes(router),
    otherBodyTypes: application.otherBodyTypes,
    pageMeta: application.pageMeta,
    metrics,
    connectionReport,
  });
  const isProxy = trustedProxyOf(app);
  const listening = await listen(app, config, {
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    metrics,
    guard: (server) => {
      guard = guardConnections(server, { budget, isProxy, report: connectionReport });
    },
  }).catch(async (error: unknown) => {
    await application.close();
    throw error;
  });
  application.startBackgroundWork();

  return {
    url: listening.url,
    server: listening.server,
    metricsUrl: listening.metricsUrl,
    application,
    async stop() {
      application.endLiveStreams();
      await listening.close();
      await application.close();
    },
  };
}
