/**
 * `npm run bench -- projections`: what the read side costs per appended event in embedded mode.
 * A log of the product's own events (scripts/bench/replay/domain-log.ts) is loaded, every read
 * model caught up and live; then the next events are appended as requests append them: ten at a
 * time, each through `appendAll` as the command bus does (so those asked for together share a
 * transaction), each waiting, as a request does before it answers, until the read models of its
 * event show it. The process's CPU per event (every thread: WAL checkpoints run on their own, as
 * in the app) is printed. Variants, each on a fresh file, in interleaved rounds (median shown):
 * - the app as it runs: read models applied inside the append's transaction;
 * - the same without that (every read model follows its subscription): its A/B;
 * - plus one read model that handles none of the events (the marginal cost of one more model),
 *   and plus one that handles the votes (a counter per story): each against the first.
 * Target: the model that ignores the events costs at most 1% of the app's CPU per event.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { startBackgroundCheckpoints } from '@whosright/eventstore/sqlite/background-checkpoints';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { forgettingEventStore } from '@whosright/eventstore/forgetting/forgetting-event-store';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { createProjectionRunner } from '@whosright/projections/runner/projection-runner';
import {
  defineProjection,
  upsert,
  type AnyProjection,
} from '@whosright/projections/runner/projection';
import { readModels } from '@whosright/projections/read-models';
import type { SampleAppend } from '@whosright/projections/testing/sample-log';
import { domainLog } from './replay/domain-log';

const LOADED = Number(process.env.BENCH_LOADED_EVENTS ?? 30_000);
const MEASURED = Number(process.env.BENCH_MEASURED_EVENTS ?? 6_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AT_ONCE = 10;

const ignoresEverything = defineProjection<never>({
  name: 'bench-ignores-all',
  version: 1,
  eventTypes: ['BenchNeverAppended'],
  collections: [{ name: 'docs', indexes: [] }],
  apply: () => [],
});

const countsVotes = defineProjection<never>({
  name: 'bench-counts-votes',
  version: 1,
  eventTypes: ['StoryVoteCast'],
  collections: [{ name: 'stories', indexes: [] }],
  apply(event) {
    const { storyId } = (event as unknown as { data: { storyId: string } }).data;
    return [upsert('stories', storyId, { $inc: { votes: 1 } })];
  },
});

interface Variant {
  name: string;
  inTransaction: boolean;
  extra: AnyProjection[];
}

const VARIANTS: Variant[] = [
  { name: 'read models in the append transaction (the app)', inTransaction: true, extra: [] },
  { name: 'read models follow their subscriptions only', inTransaction: false, extra: [] },
  {
    name: '+1 read model that ignores every event',
    inTransaction: true,
    extra: [ignoresEverything],
  },
  { name: '+1 read model that counts votes', inTransaction: true, extra: [countsVotes] },
];

/** CPU microseconds per measured event for one variant on a fresh file. */
async function measure(variant: Variant, log: SampleAppend[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'wr-bench-projections-'));
  const database = openSqliteDatabase(join(dir, 'whosright.sqlite'));
  // As the app opens its file: WAL checkpoints on their own thread, not in a commit.
  const checkpoints = startBackgroundCheckpoints(database);
  const eventStore = createSqliteEventStore({ database, catalog: domainEventCatalog });
  const readStore = createSqliteReadStore({ database });
  const forgettingLog = forgettingEventStore(eventStore, { catalog: domainEventCatalog });
  const models = [...readModels, ...variant.extra];
  const runner = createProjectionRunner({
    eventStore: forgettingLog,
    readStore,
    projections: models,
  });
  try {
    database.exec('BEGIN IMMEDIATE');
    for (const { stream, event } of log.slice(0, LOADED))
      await eventStore.append(stream, [event], 'any');
    database.exec('COMMIT');
    runner.start();
    if (!(await runner.waitFor(await eventStore.headPosition(), undefined, 300_000)))
      throw new Error('the read models did not catch up with the loaded log');
    const applyInTransaction = runner.applyInTransaction?.bind(runner);
    if (variant.inTransaction && applyInTransaction)
      eventStore.stepInAppends((events, before) =>
        applyInTransaction(forgettingLog.shownNow(events), before),
      );

    const measured = log.slice(LOADED, LOADED + MEASURED);
    const started = process.cpuUsage();
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < measured.length) {
          const { stream, event } = measured[next++]!;
          const [appended] = await eventStore.appendAll!([
            { stream, events: [event], expected: 'any' },
          ]);
          // As a request does before it answers: the read models of its event show it.
          const readers = models.filter((m) => m.eventTypes.includes(event.type));
          if (readers.length)
            await runner.waitFor(
              appended!.position,
              readers.map((m) => m.name),
            );
        }
      }),
    );
    if (!(await runner.waitFor(await eventStore.headPosition(), undefined, 300_000)))
      throw new Error('the read models did not catch up with the measured events');
    const used = process.cpuUsage(started);
    return (used.user + used.system) / measured.length;
  } finally {
    await runner.stop();
    await readStore.close();
    await eventStore.close();
    await checkpoints.stop();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function run(): Promise<void> {
  const log = [...domainLog({ events: LOADED + MEASURED, seed: 11 })];
  const results = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const variant of VARIANTS) results.get(variant)!.push(await measure(variant, log));

  const [app = 0, subscriptions = 0, ignoring = 0, counting = 0] = VARIANTS.map((v) =>
    median(results.get(v)!),
  );
  console.log(
    `\n${readModels.length} read models, ${LOADED} events loaded, ${MEASURED} appended ${AT_ONCE} at a time and applied; ${ROUNDS} interleaved rounds (median), Node ${process.version}`,
  );
  console.log('variant                                            | CPU µs per event | vs the app');
  console.log('---------------------------------------------------|-----------------:|----------:');
  VARIANTS.forEach((variant, i) => {
    const value = [app, subscriptions, ignoring, counting][i]!;
    console.log(
      `${variant.name.padEnd(51)}| ${value.toFixed(1).padStart(16)} | ${((value / app) * 100).toFixed(0).padStart(8)}%`,
    );
  });
  const marginalIgnoring = ignoring - app;
  const verdict = marginalIgnoring <= app * 0.01 ? 'ok' : 'MISSED';
  console.log(
    `\none more read model that ignores the events: ${marginalIgnoring.toFixed(1)} µs per event (${((marginalIgnoring / app) * 100).toFixed(1)}% of the app's, target <= 1%)  ${verdict}`,
  );
  console.log(`one more read model that counts votes: ${(counting - app).toFixed(1)} µs per event`);
}
