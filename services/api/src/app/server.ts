import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createApp } from '#api/platform/app';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { ReadinessProbe } from '#api/platform/readiness';
import { ensureDataDir } from '#api/platform/data-dir';
import { composeApplication, type Application } from './compose';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  server: Server;
  application: Application;
  stop(): Promise<void>;
}

/** Whole request, headers included: our bodies are small JSON, so a few seconds is plenty. */
const REQUEST_TIMEOUT_MS = 10_000;
const HEADERS_TIMEOUT_MS = 5_000;

/** Opens the stores, builds the app and listens on HOST:PORT. `stop` undoes it in reverse. */
export async function startWebServer(
  config: Config & { sessionSecret: string },
  logger: Logger,
  options: { webDist?: string | null; requestTimeoutMs?: number } = {},
): Promise<RunningServer> {
  ensureDataDir(config.dataDir);
  const readiness = new ReadinessProbe();
  readiness.register('data-dir', () => ensureDataDir(config.dataDir, { throwing: false }));

  const application = await composeApplication(config, logger, readiness);
  const app = createApp({
    config,
    logger,
    readiness,
    webDist: options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist,
    apiRoutes: (router) => application.routes(router),
    pageMeta: application.pageMeta,
  });

  // A request whose headers or body trickle in is cut off (408) instead of holding a socket.
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    },
    app,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 65_000;
  application.startBackgroundWork();
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  return {
    url,
    server,
    application,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await application.close();
    },
  };
}
