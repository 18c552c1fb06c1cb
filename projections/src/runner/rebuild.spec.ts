import { afterEach, describe, expect, it } from 'vitest';
import { activeHashes } from '../testing/read-models';
import { appendSampleLog, sampleLog, type SampleAppend } from '../testing/sample-log';
import { sampleProjections, skipRanking } from '../testing/sample-projections';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { readModelHash } from './content-hash';
import { createInProcessLeaseManager } from './lease/in-process-lease';
import { defineProjection, type AnyProjection } from './projection';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';
import type { LogReader } from '@whosright/eventstore/port';
import type { Generation } from '../store/port';
import {
  ABANDONED_AFTER_MS,
  dropAbandonedCopies,
  rebuildProjections,
  RebuildError,
} from './rebuild';

const fixtures: SqliteFixture[] = [];
const runners: ProjectionRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

async function liveFixture(events: readonly SampleAppend[]) {
  const f = openSqliteFixture();
  fixtures.push(f);
  await appendSampleLog(f.eventStore, events, { database: f.database });
  // Its own leases: the process-wide ones would make two databases' runners wait on each other.
  const runner = createProjectionRunner({
    eventStore: f.eventStore,
    readStore: f.readStore,
    projections: sampleProjections,
    leases: createInProcessLeaseManager(),
  });
  runners.push(runner);
  runner.start();
  expect(await runner.waitFor(await f.eventStore.headPosition(), undefined, 20_000)).toBe(true);
  return { ...f, runner };
}

const log: SampleAppend[] = [...sampleLog({ events: 4_000, seed: 5 })];

describe('rebuild', () => {
  it('when projections are rebuilt while the runner serves, the new read models are identical to the live ones and stay live', async () => {
    const { eventStore, readStore, database, runner } = await liveFixture(log);
    const before = await activeHashes(readStore, sampleProjections);
    const oldGenerations = await Promise.all(
      sampleProjections.map((p) => readStore.active(p.name)),
    );
    const progress: number[] = [];

    const rebuilt = await rebuildProjections({
      eventStore,
      readStore,
      projections: sampleProjections,
      batchSize: 500,
      onProgress: (p) => progress.push(p.events),
    });

    expect(await activeHashes(readStore, sampleProjections)).toEqual(before);
    for (const [i, old] of oldGenerations.entries()) {
      expect(rebuilt[i]!.target.generation).toBeGreaterThan(old!.generation);
      expect(await readStore.collectionNames(old!)).toEqual([]);
    }
    expect(progress.at(-1)).toBe(log.length);

    // The live runner notices the flip and carries on in the new copy.
    await appendSampleLog(
      eventStore,
      [...sampleLog({ events: 300, seed: 99 })].map((a) => ({ ...a, stream: `${a.stream}-more` })),
      { database },
    );
    expect(await runner.waitFor(await eventStore.headPosition(), undefined, 10_000)).toBe(true);
    expect(runner.status().map((s) => s.generation)).toEqual(
      rebuilt.map((r) => r.target.generation),
    );
    const again = await rebuildProjections({
      eventStore,
      readStore,
      projections: sampleProjections,
    });
    const hashesAfter = await activeHashes(readStore, sampleProjections);
    expect(await Promise.all(again.map((r) => readModelHash(readStore, r.target)))).toEqual(
      sampleProjections.map((p) => hashesAfter[p.name]),
    );
  });

  it('when rebuilt in many small commits from a log read in many pages, the copies equal the live models', async () => {
    const { eventStore, readStore } = await liveFixture([
      ...sampleLog({ events: 12_000, seed: 11 }),
    ]);
    const before = await activeHashes(readStore, sampleProjections);
    await rebuildProjections({
      eventStore,
      readStore,
      projections: sampleProjections,
      batchSize: 300,
      writeEvery: 25,
    });
    expect(await activeHashes(readStore, sampleProjections)).toEqual(before);
  });

  it('when aborted from the event loop mid-scan it stops there and drops its copies, even while pages of the scan keep coming back to back', async () => {
    const f = openSqliteFixture();
    fixtures.push(f);
    await appendSampleLog(f.eventStore, sampleLog({ events: 12_000, seed: 3 }), {
      database: f.database,
    });
    // Folding slowly while the scan reads its pages synchronously, back to back.
    const slow = defineProjection<never>({
      ...(sampleProjections[0] as unknown as AnyProjection),
      apply(event) {
        const until = performance.now() + 0.02;
        while (performance.now() < until);
        return sampleProjections[0]!.apply(event);
      },
    });
    const controller = new AbortController();
    const folded: number[] = [];
    const rebuilding = rebuildProjections({
      eventStore: f.eventStore,
      readStore: f.readStore,
      projections: [slow],
      batchSize: 1_000,
      signal: controller.signal,
      // As a signal would: from the event loop, once the scan is under way.
      onProgress: (p) => {
        folded.push(p.events);
        if (folded.length === 1) setImmediate(() => controller.abort());
      },
    });
    await expect(rebuilding).rejects.toThrow('Rebuild aborted');
    expect(folded.at(-1)).toBeLessThan(12_000);
    expect(await f.readStore.active(slow.name)).toBeUndefined();
    expect(
      await f.readStore.collectionNames({
        projection: slow.name,
        generation: 1,
        version: slow.version,
      }),
    ).toEqual([]);
  });

  it('when rebuilding it keeps touching its copies, so that a server starting meanwhile does not take them for abandoned', async () => {
    const f = openSqliteFixture();
    fixtures.push(f);
    await appendSampleLog(f.eventStore, log, { database: f.database });
    const touched: Array<{ projection: string; generation: number }> = [];
    const readStore = {
      ...f.readStore,
      touch: async (target: Generation) => {
        touched.push({ projection: target.projection, generation: target.generation });
        await f.readStore.touch(target);
      },
    };
    const started = Date.now();
    await rebuildProjections({
      eventStore: f.eventStore,
      readStore,
      projections: sampleProjections,
      batchSize: 500,
      touchEveryMs: 0,
      until: log.at(-1)!.event.metadata.recordedAt!,
    });
    // Once per batch of 500 events (8 batches and the last flush) and before creating indexes.
    for (const projection of sampleProjections) {
      expect(touched.filter((t) => t.projection === projection.name).length).toBeGreaterThanOrEqual(
        9,
      );
    }
    expect(await dropAbandonedCopies(f.readStore, started + ABANDONED_AFTER_MS)).toEqual([]);
    expect(
      await dropAbandonedCopies(f.readStore, Date.now() + ABANDONED_AFTER_MS + 1),
    ).toHaveLength(sampleProjections.length);
  });

  it('when rebuilt --until a moment it builds that moment into a scratch copy and leaves live data alone', async () => {
    const cut = Math.floor(log.length * 0.6);
    const until = log[cut - 1]!.event.metadata.recordedAt!;
    const { eventStore, readStore } = await liveFixture(log);
    const liveBefore = await activeHashes(readStore, sampleProjections);

    const scratch = await rebuildProjections({
      eventStore,
      readStore,
      projections: sampleProjections,
      until,
    });

    const reference = await liveFixture(log.slice(0, cut));
    const expected = await activeHashes(reference.readStore, sampleProjections);
    for (const copy of scratch)
      expect(await readModelHash(readStore, copy.target)).toBe(expected[copy.projection.name]);
    expect(await activeHashes(readStore, sampleProjections)).toEqual(liveBefore);
    const report = await skipRanking.report!((name) =>
      readStore.generationCollection(scratch[2]!.target, name),
    );
    expect(report.length).toBeGreaterThan(0);
    for (const copy of scratch) await readStore.drop(copy.target);
  });

  it('when an event cannot be applied the rebuild fails with the event named and live data stays', async () => {
    const { eventStore, readStore } = await liveFixture(log.slice(0, 200));
    const before = await activeHashes(readStore, sampleProjections);
    const broken = defineProjection<never>({
      ...(sampleProjections[0] as unknown as AnyProjection),
      apply() {
        throw new Error('boom');
      },
    });
    await expect(
      rebuildProjections({ eventStore, readStore, projections: [broken] }),
    ).rejects.toThrow(RebuildError);
    await expect(
      rebuildProjections({ eventStore, readStore, projections: [broken] }),
    ).rejects.toThrow(/story-tallies cannot apply StorySubmitted at position 1/);
    expect(await activeHashes(readStore, sampleProjections)).toEqual(before);
  });

  it('when one read model is rebuilt it reads only the event types that model handles from the log, and the copy equals the live one', async () => {
    const { eventStore, readStore } = await liveFixture(log.slice(0, 1_500));
    const before = await activeHashes(readStore, sampleProjections);
    const userStats = sampleProjections.find((p) => p.name === 'user-stats')!;
    const delivered = new Set<string>();
    let filters = 0;
    const spied: LogReader = {
      readStream: (...args) => eventStore.readStream(...args),
      subscribeAll: (...args) => eventStore.subscribeAll(...args),
      headPosition: () => eventStore.headPosition(),
      async *readAll(options) {
        if (options?.filter?.eventTypes) filters++;
        for await (const event of eventStore.readAll(options)) {
          delivered.add(event.type);
          yield event;
        }
      },
    };

    const [built] = await rebuildProjections({
      eventStore: spied,
      readStore,
      projections: [userStats],
    });

    expect(filters).toBeGreaterThan(0);
    expect([...delivered].sort()).toEqual([...userStats.eventTypes].sort());
    expect(built!.applied).toBeGreaterThan(0);
    expect(await activeHashes(readStore, sampleProjections)).toEqual(before);
  });
});
