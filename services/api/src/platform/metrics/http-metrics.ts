import type { Request } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** Seconds; our reads answer in about a millisecond, writes wait for their projections. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The route's pattern, never the raw path: ids in a label would make a series per story. Every
 * route lives on the /api router, whose mount path Express has dropped from `baseUrl` again by
 * the time an error handler answered.
 */
function routeOf(req: Request): string {
  const api = req.originalUrl.startsWith('/api/');
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return api ? `/api${pattern}` : pattern;
  return api ? '/api (no route)' : '(web app)';
}

/**
 * Records each response's latency by method, route pattern and status code; called from the
 * request log's 'finish' listener (probes, which the log skips, are not counted either).
 */
export function httpLatencyRecorder(
  registry: Registry,
): (req: Request, statusCode: number, seconds: number) => void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by method, route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  return (req, statusCode, seconds) => {
    duration.observe({ method: req.method, route: routeOf(req), status_code: statusCode }, seconds);
  };
}
