import { performance } from 'node:perf_hooks';
import { newStoryIds } from './populate';
import { prepareServer, startApiServer, stopApiServer, waitUntilHealthy } from './server';
import type { Checkout } from './settings';
import { SEARCH_QUERIES, searchableStoryText } from './story-texts';

/** The budget: a search answers within this at the 95th percentile. */
const SEARCH_TARGET_P95_MS = 50;

export interface SearchSettings {
  stories: number;
  connections: number;
  requests: number;
}

export interface SearchResult {
  stories: number;
  connections: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  failed: number;
  /** Per query: its p95 and how many stories its first page held. */
  perQuery: Array<{ query: string; p95: number; found: number }>;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Closed loop over `connections` clients, each sending the next query as soon as its last one is
 * answered, every request timed end to end. Each client speaks from an address of its own
 * (X-Forwarded-For from loopback), and requests go round the addresses, so that the per-address
 * search limit never answers instead of the search.
 */
async function timeSearches(base: string, settings: SearchSettings) {
  const timings = SEARCH_QUERIES.map(() => [] as number[]);
  const found = SEARCH_QUERIES.map(() => 0);
  let sent = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: settings.connections }, async () => {
      while (sent < settings.requests) {
        const n = sent++;
        const q = n % SEARCH_QUERIES.length;
        const started = performance.now();
        const res = await fetch(`${base}/api/stories/search?${SEARCH_QUERIES[q]}`, {
          headers: { 'x-forwarded-for': `10.9.5.${n % 250}` },
        });
        const body = (await res.json()) as { items?: unknown[] };
        timings[q]!.push(performance.now() - started);
        if (!res.ok) failed += 1;
        else found[q] = body.items?.length ?? 0;
      }
    }),
  );
  return { timings, found, failed };
}

/**
 * The search case of `npm run bench -- api`: a server of its own holding `stories` approved
 * stories of varied text, warmed up with one round of every query, then `requests` searches
 * timed over `connections` clients.
 */
export async function measureSearch(
  checkout: Checkout,
  settings: SearchSettings,
): Promise<SearchResult> {
  const server = await startApiServer(checkout);
  try {
    await waitUntilHealthy(server);
    const prepared = await prepareServer(
      server,
      newStoryIds(settings.stories),
      0,
      searchableStoryText,
    );
    await timeSearches(prepared.base, {
      ...settings,
      connections: 1,
      requests: SEARCH_QUERIES.length,
    });
    const { timings, found, failed } = await timeSearches(prepared.base, settings);
    const all = timings.flat().sort((a, b) => a - b);
    return {
      ...settings,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      max: all.at(-1) ?? 0,
      failed,
      perQuery: SEARCH_QUERIES.map((query, i) => ({
        query,
        p95: percentile(
          [...timings[i]!].sort((a, b) => a - b),
          95,
        ),
        found: found[i]!,
      })),
    };
  } finally {
    await stopApiServer(server);
  }
}

export function printSearch(result: SearchResult, checkout?: string): void {
  const verdict = result.p95 <= SEARCH_TARGET_P95_MS && result.failed === 0 ? 'ok' : 'MISSED';
  console.log(
    `\nsearch${checkout ? ` (${checkout})` : ''}: ${result.stories} approved stories, ${result.requests} searches over ${result.connections} connections`,
  );
  console.log('query                                   | p95 ms | first page');
  console.log('----------------------------------------|-------:|-----------:');
  for (const row of result.perQuery)
    console.log(
      `${row.query.padEnd(40)}| ${row.p95.toFixed(1).padStart(6)} | ${String(row.found).padStart(10)}`,
    );
  console.log(
    `GET /api/stories/search: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (target <= ${SEARCH_TARGET_P95_MS} ms), max ${result.max.toFixed(1)} ms, failed ${result.failed}  ${verdict}`,
  );
}
