import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { startBackgroundCheckpoints } from '@whosright/eventstore/sqlite/background-checkpoints';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import type { EventStore } from '@whosright/eventstore/port';
import { readModels } from '@whosright/projections/read-models';
import type { AnyProjection } from '@whosright/projections/runner/projection';
import { rebuildProjections } from '@whosright/projections/runner/rebuild';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { appendSampleLog } from '@whosright/projections/testing/sample-log';
import { rawScan } from '../shared/raw-scan';
import { domainLog } from './domain-log';

/** One timed run: wall time, CPU of every thread of this process, and the peak RSS seen. */
export interface Run {
  ms: number;
  cpuSeconds: number;
  peakRssBytes: number;
}

export interface LogMeasurement {
  events: number;
  generatedSeconds: number;
  scan: Run;
  readAll: Run;
  /** Every read model in one shared scan. */
  all: Run;
  /** How many read models that is. */
  models: number;
  /** Each read model rebuilt on its own, by name (only when asked). */
  alone: Map<string, Run>;
}

/** Runs `work`, sampling the RSS every 50 ms (a rebuild's peak is between its batches). */
export async function timed(work: () => unknown): Promise<Run> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  let peakRssBytes = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const used = process.cpuUsage(cpu);
  peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
  return {
    ms: performance.now() - t,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakRssBytes,
  };
}

const fastest = (runs: Run[]): Run => runs.reduce((best, run) => (run.ms < best.ms ? run : best));

async function bestOf(rounds: number, work: () => unknown): Promise<Run> {
  const runs: Run[] = [];
  for (let round = 0; round < rounds; round++) runs.push(await timed(work));
  return fastest(runs);
}

function expectCount(what: string, got: number, events: number): void {
  if (got !== events) throw new Error(`${what} returned ${got} events, expected ${events}`);
}

/**
 * Generates a log of `events` in a scratch SQLite file (embedded mode: the read models in the
 * event store's file, checkpoints on a background thread, as the server opens it), then measures
 * the raw scan, the store's readAll, every read model together and, when asked, each alone.
 * Scan, readAll and the shared rebuild alternate round by round: the same page cache and heap
 * state for each, and less noise from other work on the machine.
 */
export async function measureLog(options: {
  events: number;
  rounds: number;
  eachAlone: boolean;
  /** Measures more on the same log before its file is removed (the PostgreSQL rebuild). */
  alsoOn?: (log: EventStore) => Promise<void>;
}): Promise<LogMeasurement> {
  const { events, rounds } = options;
  const dir = mkdtempSync(join(tmpdir(), 'whosright-bench-replay-'));
  const database = openSqliteDatabase(join(dir, 'whosright.sqlite'));
  const checkpoints = startBackgroundCheckpoints(database);
  const eventStore = createSqliteEventStore({ database, catalog: domainEventCatalog });
  const readStore = createSqliteReadStore({ database });
  const rebuild = (projections: readonly AnyProjection[]) =>
    rebuildProjections({ eventStore, readStore, projections });
  try {
    const t = performance.now();
    await appendSampleLog(eventStore, domainLog({ events }), { database });
    database.pragma('wal_checkpoint(TRUNCATE)');
    const generatedSeconds = (performance.now() - t) / 1000;

    const scans: Run[] = [];
    const readAlls: Run[] = [];
    const alls: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      scans.push(await timed(() => expectCount('the raw scan', rawScan(database), events)));
      readAlls.push(
        await timed(async () => {
          let read = 0;
          for await (const _event of eventStore.readAll()) read++;
          expectCount('readAll', read, events);
        }),
      );
      alls.push(await timed(() => rebuild(readModels)));
    }
    await options.alsoOn?.(eventStore);
    const alone = new Map<string, Run>();
    if (options.eachAlone)
      for (const model of readModels)
        alone.set(model.name, await bestOf(rounds, () => rebuild([model])));
    return {
      events,
      generatedSeconds,
      scan: fastest(scans),
      readAll: fastest(readAlls),
      all: fastest(alls),
      models: readModels.length,
      alone,
    };
  } finally {
    await eventStore.close();
    await checkpoints.stop();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
