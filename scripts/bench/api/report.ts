import type { LiveResult } from './live';
import type { LoadResult } from './load';
import type { SideResult } from './measure';

const LIVE_TARGET_P99_MS = 100;

/** A measured row: index 0 is the bare handler, 1 this checkout (A), then each BENCH_AB checkout. */
export interface RowResult {
  name: string;
  target: number;
  sides: SideResult[];
}

const failures = (runs: readonly LoadResult[]) =>
  runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
const percent = (ratio: number, width: number) => `${(ratio * 100).toFixed(0)}%`.padStart(width);
const fixed = (value: number, width: number) => value.toFixed(0).padStart(width);

/** The table of this checkout's server beside the bare handler, with each row's target. */
export function printRows(rows: readonly RowResult[], heading: string): void {
  console.log(`\n${heading}`);
  console.log(
    'endpoint                            | bare req/s | real req/s | ratio | target | p50 ms | p99 ms | non-2xx | CPU µs/req bare | CPU µs/req real',
  );
  console.log(
    '------------------------------------|-----------:|-----------:|------:|-------:|-------:|-------:|--------:|----------------:|----------------:',
  );
  for (const row of rows) {
    const [bare, real] = row.sides as [SideResult, SideResult];
    const failed = failures(real.runs);
    const ratio = real.median.requestsPerSecond / bare.median.requestsPerSecond;
    const verdict = ratio >= row.target && failed === 0 ? 'ok' : 'MISSED';
    console.log(
      `${row.name.padEnd(36)}| ${fixed(bare.median.requestsPerSecond, 10)} | ${fixed(real.median.requestsPerSecond, 10)} | ${percent(ratio, 5)} | ${percent(row.target, 6)} | ${String(real.median.p50).padStart(6)} | ${String(real.median.p99).padStart(6)} | ${String(failed).padStart(7)} | ${fixed(bare.cpuMicros, 15)} | ${fixed(real.cpuMicros, 15)}  ${verdict}`,
    );
  }
}

/** Per row, every checkout's server beside the bare handler and beside this checkout (A). */
export function printComparison(rows: readonly RowResult[], names: readonly string[]): void {
  const checkouts = names.map((name, i) => (i === 0 ? `${name} (A)` : name));
  const width = Math.max(8, ...checkouts.map((name) => name.length));
  console.log(
    '\nA/B: every row on every checkout, each round taking the bare handler, A, then each other checkout (median round)',
  );
  console.log(
    `endpoint                            | ${'checkout'.padEnd(width)} |      req/s | / bare |    / A | p99 ms | non-2xx | CPU µs/req`,
  );
  console.log(
    `------------------------------------|-${'-'.repeat(width)}-|-----------:|-------:|-------:|-------:|--------:|-----------:`,
  );
  for (const row of rows) {
    const [bare, a] = row.sides as [SideResult, SideResult];
    for (const [i, side] of row.sides.slice(1).entries()) {
      const rate = side.median.requestsPerSecond;
      console.log(
        `${row.name.padEnd(36)}| ${checkouts[i]!.padEnd(width)} | ${fixed(rate, 10)} | ${percent(rate / bare.median.requestsPerSecond, 6)} | ${percent(rate / a.median.requestsPerSecond, 6)} | ${String(side.median.p99).padStart(6)} | ${String(failures(side.runs)).padStart(7)} | ${fixed(side.cpuMicros, 10)}`,
      );
    }
  }
}

/** The live case's figures; `checkout` names the server when several are measured. */
export function printLive(live: LiveResult, checkout?: string): void {
  const verdict = live.p99 <= LIVE_TARGET_P99_MS && live.missed === 0 ? 'ok' : 'MISSED';
  console.log(
    `\nlive stream${checkout ? ` (${checkout})` : ''}: ${live.connections} open connections on one story, ${live.votes} votes one after another (${live.samples} deliveries)`,
  );
  console.log(
    `vote -> tally on every stream: p50 ${live.p50.toFixed(1)} ms, p99 ${live.p99.toFixed(1)} ms (target <= ${LIVE_TARGET_P99_MS} ms), max ${live.max.toFixed(1)} ms, missed ${live.missed}  ${verdict}`,
  );
}
