import { cpuMicros } from './cpu';
import { load, type LoadResult } from './load';
import type { NextRequest, RowSpec } from './rows';

/** One process a row is measured on: the bare handler or a checkout's server. */
export interface Side {
  url: string;
  pid: number;
  next?: NextRequest;
}

export interface SideResult {
  /** The round with the median requests/s. */
  median: LoadResult;
  /** Server CPU per request over every measured round (user + system, from /proc). */
  cpuMicros: number;
  /** Every run, warm-up included: any non-2xx in any of them counts. */
  runs: LoadResult[];
}

export interface Timing {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  rounds: number;
}

/** The round with the median requests/s (the middle one of an odd count). */
function median(rounds: LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Every side warms up (JIT, caches, sockets) before anything counts; then each round measures
 * every side in turn, so that a drift in the machine's speed falls on all of them, and each
 * side's median round is kept.
 */
export async function measureSides(
  row: Pick<RowSpec, 'path' | 'method'>,
  sides: readonly Side[],
  timing: Timing,
): Promise<SideResult[]> {
  const run = (side: Side, durationSeconds: number) =>
    load({
      url: `${side.url}${row.path}`,
      durationSeconds,
      connections: timing.connections,
      ...(row.method ? { method: row.method } : {}),
      ...(side.next ? { next: side.next } : {}),
    });
  const tallies = sides.map(() => ({ cpu: 0, requests: 0, rounds: [] as LoadResult[] }));
  const warmups: LoadResult[] = [];
  for (const side of sides) warmups.push(await run(side, timing.warmupSeconds));
  for (let round = 0; round < timing.rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const before = cpuMicros(side.pid);
      const result = await run(side, timing.durationSeconds);
      tallies[i]!.cpu += cpuMicros(side.pid) - before;
      tallies[i]!.requests += result.total;
      tallies[i]!.rounds.push(result);
    }
  }
  return tallies.map((tally, i) => ({
    median: median(tally.rounds),
    cpuMicros: tally.cpu / Math.max(1, tally.requests),
    runs: [warmups[i]!, ...tally.rounds],
  }));
}
