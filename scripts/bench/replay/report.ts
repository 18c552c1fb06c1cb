import type { LogMeasurement, Run } from './measure-log';
import type { PostgresMeasurement } from './postgres-rebuild';

export interface Budgets {
  /** Every read model in one shared scan, events/s. */
  allEventsPerSecond: number;
  /** Every read model together, as a share of the raw scan's events/s. */
  allOfScan: number;
  /** Each read model alone, as a share of the raw scan's events/s. */
  aloneOfScan: number;
  /** Events/s of the large log over events/s of the 500,000 one. */
  growth: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const rate = (events: number, run: Run) => events / (run.ms / 1000);
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const megabytes = (bytes: number) => `${fmt(bytes / 2 ** 20)} MB`;

function row(name: string, cells: string[]): string {
  return `${name.padEnd(34)} | ${cells.map((cell) => cell.padStart(11)).join(' | ')}`;
}

function runCells(events: number, run: Run, scanRate: number): string[] {
  return [
    fmt(rate(events, run)),
    `${(run.ms / 1000).toFixed(2)} s`,
    `${run.cpuSeconds.toFixed(2)} s`,
    megabytes(run.peakRssBytes),
    percent(rate(events, run) / scanRate),
  ];
}

/** The table of one log; answers whether its budgets were met. */
export function printLog(measured: LogMeasurement, budgets: Budgets): boolean {
  const { events, scan } = measured;
  const scanRate = rate(events, scan);
  console.log(
    `\n${fmt(events)} events generated in ${measured.generatedSeconds.toFixed(1)} s (members, stories, pool, views, skips, votes, engages, comments, comment votes)`,
  );
  console.log(row('', ['events/s', 'wall', 'CPU', 'peak RSS', 'of raw scan']) + ' | target');
  console.log(row('raw scan (better-sqlite3, parsed)', runCells(events, scan, scanRate)));
  console.log(row('store readAll (decoded, zod)', runCells(events, measured.readAll, scanRate)));
  const allRatio = rate(events, measured.all) / scanRate;
  const allOk =
    allRatio >= budgets.allOfScan && rate(events, measured.all) >= budgets.allEventsPerSecond;
  console.log(
    `${row(`all ${measured.models} read models together`, runCells(events, measured.all, scanRate))} | >= ${percent(budgets.allOfScan)} and ${fmt(budgets.allEventsPerSecond)}/s ${verdict(allOk)}`,
  );
  let met = allOk;
  for (const [name, run] of measured.alone) {
    const ok = rate(events, run) / scanRate >= budgets.aloneOfScan;
    met &&= ok;
    console.log(
      `${row(`  ${name} alone`, runCells(events, run, scanRate))} | >= ${percent(budgets.aloneOfScan)} ${verdict(ok)}`,
    );
  }
  return met;
}

/** How the rate of every read model together holds up on the large log against the reference. */
export function printGrowth(
  large: LogMeasurement,
  reference: LogMeasurement,
  budgets: Budgets,
): boolean {
  const largeRate = rate(large.events, large.all);
  const referenceRate = rate(reference.events, reference.all);
  const growth = largeRate / referenceRate;
  const ok = growth >= budgets.growth;
  console.log(
    `\nevery read model together: ${fmt(largeRate)} events/s at ${fmt(large.events)} events (peak RSS ${megabytes(large.all.peakRssBytes)}), ${fmt(referenceRate)} at ${fmt(reference.events)} (peak RSS ${megabytes(reference.all.peakRssBytes)}): ${growth.toFixed(2)} | >= ${budgets.growth} ${verdict(ok)}`,
  );
  return ok;
}

/** The PostgreSQL rebuild beside SQLite's on the same log; answers whether its budget was met. */
export function printPostgres(
  sqlite: LogMeasurement,
  postgres: PostgresMeasurement,
  ofSqlite: number,
): boolean {
  const { events } = sqlite;
  const sqliteRate = rate(events, sqlite.all);
  console.log(
    `\nPostgreSQL, the same ${fmt(events)} events copied in (events/s, share of SQLite's all-read-models rate)`,
  );
  console.log(row('', ['events/s', 'wall', 'CPU', 'peak RSS', 'of SQLite']) + ' | target');
  console.log(row('copy in (appends of <= 1,000)', runCells(events, postgres.load, sqliteRate)));
  console.log(row('store readAll (decoded, zod)', runCells(events, postgres.readAll, sqliteRate)));
  const ok = rate(events, postgres.all) / sqliteRate >= ofSqlite;
  console.log(
    `${row(`all ${sqlite.models} read models together`, runCells(events, postgres.all, sqliteRate))} | >= ${percent(ofSqlite)} ${verdict(ok)}`,
  );
  return ok;
}
