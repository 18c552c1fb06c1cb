import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function writeMetrics(
  registry: Registry,
  res: { type(t: string): unknown; send(body: string): unknown },
) {
  const body = await registry.metrics();
  res.type(registry.contentType);
  res.send(body);
}

/**
 * `GET /metrics` on the main port: only with METRICS_TOKEN set, and only for
 * `Authorization: Bearer <token>` (401 otherwise). Without a token it is not served there (404):
 * scrapers use METRICS_PORT, a listener on a private network.
 */
export function metricsEndpoint(registry: Registry, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!token) return next();
    if (!sameToken(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).type('text/plain').send('A metrics token is required.\n');
      return;
    }
    writeMetrics(registry, res).catch(next);
  };
}
