import { fileURLToPath } from 'node:url';
import { createApp } from '#api/platform/app';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { createMetricsRegistry } from '#api/platform/metrics/registry';
import { ReadinessProbe } from '#api/platform/readiness';
import { ensureDataDir } from '#api/platform/data-dir';
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
 * Opens the stores, builds the app and listens on HOST:PORT. `stop` undoes it in reverse: no new
 * connections, the requests in flight answered, then the stores closed. Role `all` also runs the
 * projections and the jobs here; `api` leaves them to the projector and worker processes.
 */
export async function startWebServer(
  config: Config & { sessionSecret: string },
  logger: Logger,
  options: { webDist?: string | null; requestTimeoutMs?: number; role?: 'all' | 'api' } = {},
): Promise<RunningServer> {
  ensureDataDir(config.dataDir);
  const readiness = new ReadinessProbe();
  readiness.register('data-dir', () => ensureDataDir(config.dataDir, { throwing: false }));
  const role = options.role ?? 'all';
  const metrics = createMetricsRegistry({ role });

  const application = await composeApplication(config, logger, readiness, { role, metrics });
  const app = createApp({
    config,
    logger,
    readiness,
    webDist: options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist,
    apiRoutes: (router) => application.routes(router),
    pageMeta: application.pageMeta,
    metrics,
  });
  const listening = await listen(app, config, {
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    metrics,
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
