// autocannon ships no types; this is the slice of its API the bench uses.
// @ts-expect-error -- untyped module
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  durationSeconds: number;
  connections: number;
  /** Per request: path, headers and body (distinct users, distinct stories). */
  next?: () => { path: string; headers?: Record<string, string>; body?: string };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await (autocannon as (opts: object) => Promise<AutocannonResult>)({
    url: options.url,
    method: options.method ?? 'GET',
    duration: options.durationSeconds,
    connections: options.connections,
    ...(options.next
      ? {
          requests: [
            {
              method: options.method ?? 'GET',
              setupRequest: (request: Record<string, unknown>) => {
                const n = options.next!();
                return {
                  ...request,
                  path: n.path,
                  headers: { ...(request.headers as object), ...n.headers },
                  ...(n.body ? { body: n.body } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}
