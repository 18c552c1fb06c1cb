import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Config } from '#api/platform/config';
import { startMetricsServer, type MetricsServer } from '#api/platform/metrics/metrics-server';

/** Whole request, headers included: our bodies are small JSON, so a few seconds is plenty. */
const REQUEST_TIMEOUT_MS = 10_000;
const HEADERS_TIMEOUT_MS = 5_000;
/**
 * An idle keep-alive connection holds a descriptor: from browsers it closes after a few seconds
 * (a page's burst of requests fits well inside). A trusted reverse proxy pools its connections
 * and must close them before we do, or a request can race our close: for it a minute and more.
 */
const KEEP_ALIVE_DIRECT_MS = 5_000;
const KEEP_ALIVE_BEHIND_PROXY_MS = 65_000;

export interface Listening {
  url: string;
  server: Server;
  /** The METRICS_PORT listener's URL, when one runs. */
  metricsUrl: string | undefined;
  /** Stops taking connections and waits for the requests in flight; idle keep-alives close. */
  close(): Promise<void>;
}

/** Listens on HOST:PORT (and HOST:METRICS_PORT with the registry, when set). */
export async function listen(
  handler: RequestListener,
  config: Pick<Config, 'host' | 'port' | 'metricsPort' | 'trustProxy'>,
  options: {
    requestTimeoutMs?: number;
    metrics?: Registry;
    /** Watches the server's connections from the first one on (the connection guard). */
    guard?: (server: Server) => void;
  } = {},
): Promise<Listening> {
  // A request whose headers or body trickle in is cut off (408) instead of holding a socket.
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    },
    handler,
  );
  options.guard?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout =
    config.trustProxy === false ? KEEP_ALIVE_DIRECT_MS : KEEP_ALIVE_BEHIND_PROXY_MS;
  let metricsServer: MetricsServer | undefined;
  if (options.metrics && config.metricsPort !== undefined)
    metricsServer = await startMetricsServer(options.metrics, {
      host: config.host,
      port: config.metricsPort,
    }).catch(async (error: unknown) => {
      await new Promise((resolve) => server.close(resolve));
      throw error;
    });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    server,
    metricsUrl: metricsServer?.url,
    async close() {
      // Keep-alive clients would keep sending on their open connections: every answer from now
      // on closes its connection, and connections that fall idle are closed as they do.
      server.prependListener('request', (_req, res: ServerResponse) => {
        res.shouldKeepAlive = false;
      });
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearInterval(idle);
      await metricsServer?.close();
    },
  };
}
