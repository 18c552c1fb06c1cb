/**
 * `npm run bench -- replay [--events N]`: rebuild throughput of every read model the API serves
 * (projections/src/read-models.ts) in the embedded mode (SQLite, read models in the event store's
 * file), over a realistic log of the product's own events, beside a raw scan of the same events in
 * the same run. Budget: >= 150,000 events/s and >= 50% of the raw scan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDatabase } from '@whosright/eventstore/sqlite/database';
import { startBackgroundCheckpoints } from '@whosright/eventstore/sqlite/background-checkpoints';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { rebuildProjections } from '@whosright/projections/runner/rebuild';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { readModels } from '@whosright/projections/read-models';
import { appendSampleLog } from '@whosright/projections/testing/sample-log';
import { domainLog } from './replay/domain-log';
import { rawScan } from './shared/raw-scan';

const TARGET_EVENTS_PER_SECOND = 150_000;
const TARGET_RATIO = 0.5;
const ROUNDS = 3;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

interface Run {
  ms: number;
  /** CPU time of every thread of this process (the reader and checkpoint threads too). */
  cpuSeconds: number;
}

/** Starts timing; the returned function stops it. */
function started(): () => Run {
  const t = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - t, cpuSeconds: (used.user + used.system) / 1e6 };
  };
}

const fastest = (runs: Run[]) => runs.reduce((best, run) => (run.ms < best.ms ? run : best));

const rate = (events: number, ms: number) => Math.round(events / (ms / 1000));
const fmt = (n: number) => n.toLocaleString('en-US');

export async function run(args: string[]): Promise<void> {
  const events = Number(flag(args, '--events') ?? 500_000);
  if (!Number.isInteger(events) || events <= 0)
    throw new Error('--events must be a positive integer');
  const dir = mkdtempSync(join(tmpdir(), 'whosright-bench-replay-'));
  const database = openSqliteDatabase(join(dir, 'whosright.sqlite'));
  // As the server and the replay CLI open it (openStores): checkpoints on a background thread.
  const checkpoints = startBackgroundCheckpoints(database);
  const eventStore = createSqliteEventStore({ database, catalog: domainEventCatalog });
  const readStore = createSqliteReadStore({ database });
  try {
    const t = performance.now();
    await appendSampleLog(eventStore, domainLog({ events }), { database });
    database.pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      `generated ${fmt(events)} events (members, stories, pool, views, skips, votes, engages, comments, comment votes) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    // Alternating runs, best of each: the same page cache and heap state for both sides, and
    // less noise from other work on the machine.
    const scans: Run[] = [];
    const readAlls: Run[] = [];
    const rebuilds: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let run = started();
      const scanned = rawScan(database);
      scans.push(run());
      if (scanned !== events) throw new Error(`scanned ${scanned} events, expected ${events}`);

      run = started();
      let read = 0;
      for await (const _event of eventStore.readAll()) read++;
      readAlls.push(run());
      if (read !== events) throw new Error(`readAll returned ${read} events, expected ${events}`);

      run = started();
      await rebuildProjections({ eventStore, readStore, projections: readModels });
      rebuilds.push(run());
    }
    const bestScan = fastest(scans);
    const bestReadAll = fastest(readAlls);
    const bestRebuild = fastest(rebuilds);

    const scanRate = rate(events, bestScan.ms);
    const rebuildRate = rate(events, bestRebuild.ms);
    const ratio = rebuildRate / scanRate;
    const names = readModels.map((p) => p.name).join(', ');
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} (figures: best of ${ROUNDS} runs)`,
    );
    console.log(
      `raw scan (better-sqlite3, parsed): ${fmt(scanRate).padStart(9)} events/s  (${(bestScan.ms / 1000).toFixed(2)} s)`,
    );
    console.log(
      `store readAll (decoded, zod):      ${fmt(rate(events, bestReadAll.ms)).padStart(9)} events/s  (${(bestReadAll.ms / 1000).toFixed(2)} s)`,
    );
    console.log(
      `rebuild all projections (${readModels.length}):      ${fmt(rebuildRate).padStart(9)} events/s  (${(bestRebuild.ms / 1000).toFixed(2)} s)  [${names}]`,
    );
    console.log(
      `CPU time, all threads (best runs):  raw scan ${bestScan.cpuSeconds.toFixed(2)} s, rebuild ${bestRebuild.cpuSeconds.toFixed(2)} s over ${(bestRebuild.ms / 1000).toFixed(2)} s on ${availableParallelism()} cores`,
    );
    console.log(`ratio rebuild / raw scan:           ${(ratio * 100).toFixed(0)}%`);
    console.log(
      `ratio rebuild / store readAll:      ${((rebuildRate / rate(events, bestReadAll.ms)) * 100).toFixed(0)}%`,
    );
    const okRate = rebuildRate >= TARGET_EVENTS_PER_SECOND;
    const okRatio = ratio >= TARGET_RATIO;
    console.log(
      `budget: >= ${fmt(TARGET_EVENTS_PER_SECOND)} events/s ${okRate ? 'met' : 'MISSED'}; >= ${TARGET_RATIO * 100}% of raw scan ${okRatio ? 'met' : 'MISSED'}`,
    );
    if (!okRate || !okRatio) process.exitCode = 1;
  } finally {
    await eventStore.close();
    await checkpoints.stop();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
