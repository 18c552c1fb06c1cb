import express, { type RequestHandler, type Router } from 'express';
import type { Registry } from 'prom-client';
import type { RuntimeConfig } from '@whosright/contracts/platform/dto';
import type { Config } from './config';
import type { Logger } from './logger';
import { apiNotFound, errorHandler } from './error-handler';
import { UnauthorizedError } from './errors';
import { requestLogging } from './request-logging';
import type { ReadinessProbe } from './readiness';
import {
  crossSiteProtection,
  jsonBodiesOnly,
  securityHeaders,
  type OtherBodyTypes,
} from './security';
import { inSequence } from './in-sequence';
import { jsonBodyParser } from './json-body';
import { useLeanJson } from './json-response';
import { webApp } from './web-app';
import { httpLatencyRecorder } from './metrics/http-metrics';
import { metricsEndpoint } from './metrics/metrics-endpoint';
import type { PageMetaSource } from './page-meta';
import type { ConnectionReport } from './connections/connection-report';
import { descriptorErrors } from './connections/descriptor-errors';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  readiness: ReadinessProbe;
  /** The built web app (web/dist); null serves the API only. */
  webDist: string | null;
  /** Adds the routes of the vertical slices to the /api router. */
  apiRoutes?: (router: Router) => void;
  /** The slices' routes that take a body besides JSON (the others answer such a body 415). */
  otherBodyTypes?: readonly OtherBodyTypes[];
  /** Per-page Open Graph tags for shared links (story pages). */
  pageMeta?: PageMetaSource;
  /** Request latencies go here; `GET /metrics` serves it when METRICS_TOKEN is set. */
  metrics?: Registry;
  /** Requests that fail for want of a descriptor are counted and answered 503 here. */
  connectionReport?: ConnectionReport;
}

const JSON_BODY_LIMIT_BYTES = 32 * 1024;

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Builds the Express app without listening, so tests own its lifecycle. */
export function createApp(deps: AppDependencies): express.Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Whose X-Forwarded-For to believe (TRUST_PROXY); by default nobody's.
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // API answers are no-store: hashing every body for an ETag would be wasted work. Static files
  // keep their own ETags (serve-static).
  app.set('etag', false);
  useLeanJson(app);

  // Every request passes these: one router layer each would cost more than their work.
  app.use(
    inSequence(
      requestLogging(deps.logger, deps.metrics && httpLatencyRecorder(deps.metrics)),
      securityHeaders({
        https: config.publicUrl.startsWith('https:'),
        analytics: config.analyticsId !== undefined,
      }),
    ),
  );

  const api = express.Router();
  api.use(
    inSequence(
      noStore,
      crossSiteProtection([config.publicUrl]),
      jsonBodiesOnly(deps.otherBodyTypes),
      jsonBodyParser(JSON_BODY_LIMIT_BYTES),
    ),
  );

  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  api.get('/ready', async (_req, res) => {
    const readiness = await deps.readiness.evaluate();
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  });
  const runtimeConfig: RuntimeConfig = {
    productName: "Who's Right",
    publicUrl: config.publicUrl,
    analyticsId: config.analyticsId ?? null,
    adsClient: config.adsClient ?? null,
    externalSignIn: {
      enabled: config.oidc !== undefined,
      label: config.oidc?.providerName ?? 'SSO',
    },
  };
  api.get('/config', (_req, res) => {
    res.json(runtimeConfig);
  });
  // The slices' routes join this router rather than nesting their own: every nested router
  // walks its layers and re-parses the URL again.
  deps.apiRoutes?.(api);
  // Without the slices nobody can be signed in; the web app reads 401 as signed out.
  if (!deps.apiRoutes) api.get('/auth/user', (_req, _res, next) => next(new UnauthorizedError()));
  api.use(apiNotFound);

  app.use('/api', api);
  // After /api, so no API request walks this layer.
  if (deps.metrics) app.get('/metrics', metricsEndpoint(deps.metrics, config.metricsToken));
  if (deps.webDist)
    app.use(
      webApp(deps.webDist, {
        publicUrl: config.publicUrl,
        // Every page asks for the run-time config first: it comes inside the HTML.
        answers: { '/api/config': runtimeConfig },
        ...(deps.pageMeta ? { meta: deps.pageMeta } : {}),
      }),
    );
  if (deps.connectionReport) app.use(descriptorErrors(deps.connectionReport));
  app.use(errorHandler);
  return app;
}

/**
 * Whether a socket's peer is a proxy the app believes (TRUST_PROXY): such a peer carries many
 * clients, so per-client caps count the address it forwards, not the socket's.
 */
export function trustedProxyOf(app: express.Express): (address: string) => boolean {
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (address) => trust(address, 0);
}
