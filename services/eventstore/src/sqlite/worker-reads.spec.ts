import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../port';
import { counterEvents, testCatalog, testMetadata } from '../testing/test-catalog';
import { openSqliteDatabase } from './database';
import { createSqliteEventStore } from './sqlite-event-store';

async function collect(iterable: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('sqlite readAll through the worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eventstore-worker-'));
  const file = join(dir, 'events.db');
  let inThread: EventStore;
  let viaWorker: EventStore;

  beforeAll(async () => {
    inThread = createSqliteEventStore({
      file,
      catalog: testCatalog,
      workerReadThreshold: Infinity,
    });
    // 12,000 events over several streams and both types, with recorded times one second apart.
    for (let batch = 0; batch < 12; batch++) {
      const recordedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, batch)).toISOString();
      const events = Array.from({ length: 1_000 }, (_, i) =>
        i % 3 === 0
          ? {
              type: 'NoteAdded',
              data: { text: `note ${batch}-${i}`, author: 'ann' },
              metadata: { ...testMetadata, recordedAt },
            }
          : { ...counterEvents(1, i)[0]!, metadata: { ...testMetadata, recordedAt } },
      );
      await inThread.append(`stream-${batch % 4}`, events, 'any');
    }
    viaWorker = createSqliteEventStore({ file, catalog: testCatalog, workerReadThreshold: 5_000 });
  });

  afterAll(async () => {
    await viaWorker.close();
    await inThread.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: Array<[string, ReadAllOptions]> = [
    ['everything', {}],
    ['after a position', { after: 1_234n }],
    ['with a limit that ends mid-page', { limit: 7_777 }],
    ['filtered by type', { filter: { eventTypes: ['NoteAdded'] } }],
    ['filtered by stream prefix', { filter: { streamPrefixes: ['stream-1', 'stream-3'] } }],
    ['until a time', { until: '2026-01-01T00:00:06.000Z' }],
  ];

  it.each(cases)(
    'when reading %s it yields exactly what a read on this thread yields',
    async (_name, options) => {
      const expected = await collect(inThread.readAll(options));
      const actual = await collect(viaWorker.readAll(options));
      expect(actual.length).toBe(expected.length);
      expect(actual).toEqual(expected);
    },
  );

  it('when the consumer stops early it can read again, and later pages are never delivered', async () => {
    let seen = 0;
    for await (const _event of viaWorker.readAll()) if (++seen === 2_500) break;
    expect(seen).toBe(2_500);
    expect((await collect(viaWorker.readAll({ after: 11_000n }))).map((e) => e.position)).toEqual(
      Array.from({ length: 1_000 }, (_, i) => BigInt(11_001 + i)),
    );
  });

  it('when the caller holds an open transaction it reads on its own connection and sees its own appends', async () => {
    const db = openSqliteDatabase(join(dir, 'shared.db'));
    const store = createSqliteEventStore({
      database: db,
      catalog: testCatalog,
      workerReadThreshold: 0,
    });
    db.exec('BEGIN IMMEDIATE');
    await store.append('counter-tx', counterEvents(3), 'no_stream');
    expect((await collect(store.readAll())).length).toBe(3);
    db.exec('COMMIT');
    expect((await collect(store.readAll())).length).toBe(3);
    await store.close();
    db.close();
  });

  it('when the worker cannot open the database the read fails with the reason instead of hanging', async () => {
    const moved = join(dir, 'moved.db');
    const store = createSqliteEventStore({
      file: moved,
      catalog: testCatalog,
      workerReadThreshold: 0,
    });
    await store.append('counter-1', counterEvents(10), 'no_stream');
    // This connection keeps the renamed file open; a new one (the worker's) finds nothing there.
    renameSync(moved, `${moved}.elsewhere`);
    await expect(collect(store.readAll())).rejects.toThrow(
      /unable to open|no such file|cannot open/i,
    );
    await store.close();
  });
});
