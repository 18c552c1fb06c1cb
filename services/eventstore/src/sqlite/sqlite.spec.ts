import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from '../testing/event-store-contract';
import { runTsChild, spawnTsChild } from '@whosright/testing/ts-child';
import { counterEvents, testCatalog } from '../testing/test-catalog';
import { openSqliteDatabase, syncFromEnv } from '@whosright/sqlite/database';
import { createSqliteEventStore } from './sqlite-event-store';
import { filterClauses } from './filter-clauses';
import type { EventFilter, SubscriptionMessage } from '../port';

const appendFromChild = new URL('../testing/append-from-child.ts', import.meta.url);

function tempFile(): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'eventstore-'));
  return {
    file: join(dir, 'events.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

eventStoreContract('sqlite', () => {
  const { file, remove } = tempFile();
  return Promise.resolve({
    open: (catalog) => Promise.resolve(createSqliteEventStore({ file, catalog })),
    appendElsewhere: async (stream, count) => {
      await runTsChild(appendFromChild, [file, stream, String(count)]);
    },
    dispose: () => Promise.resolve(remove()),
  });
});

describe('sqlite event store', () => {
  it('when events are looked up by id it answers those in the log, in log order, and leaves out the rest', async () => {
    const store = createSqliteEventStore({ file: ':memory:', catalog: testCatalog });
    await store.append('counter-a', counterEvents(1), 'no_stream');
    await store.append('counter-b', counterEvents(2), 'no_stream');
    const all = [];
    for await (const event of store.readAll()) all.push(event);
    const [first, , third] = all.map((event) => event.id);
    const found = await store.eventsById([third!, '01890000-0000-7000-8000-000000000000', first!]);
    expect(found.map((event) => [event.id, event.stream])).toEqual([
      [first, 'counter-a'],
      [third, 'counter-b'],
    ]);
    expect(await store.eventsById([])).toEqual([]);
    await store.close();
  });

  it('when the log is empty it reports head position 0 and reads nothing', async () => {
    const store = createSqliteEventStore({ file: ':memory:', catalog: testCatalog });
    expect(await store.headPosition()).toBe(0n);
    const events = [];
    for await (const event of store.readAll()) events.push(event);
    expect(events).toEqual([]);
    await store.close();
  });

  it('when given an open database it shares that connection with other tables and leaves it open on close', async () => {
    const { file, remove } = tempFile();
    const db = openSqliteDatabase(file);
    db.exec('CREATE TABLE read_model (id TEXT PRIMARY KEY)');
    const store = createSqliteEventStore({ database: db, catalog: testCatalog });
    await store.append('counter-1', counterEvents(2), 'no_stream');
    await store.close();
    expect(db.open).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM events').get()).toEqual({ n: 2 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    remove();
  });

  it('when several streams are appended in one step a live subscription gets them all, in order', async () => {
    const store = createSqliteEventStore({ file: ':memory:', catalog: testCatalog });
    await store.append('counter-0', counterEvents(1), 'no_stream');
    const iterator = store.subscribeAll()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ kind: 'event', event: { position: 1n } });
    expect((await iterator.next()).value).toMatchObject({ kind: 'caughtUp', position: 1n });
    await store.appendAll!([
      { stream: 'counter-1', events: counterEvents(2), expected: 'no_stream' },
      { stream: 'counter-2', events: counterEvents(1), expected: 'no_stream' },
    ]);
    const live: SubscriptionMessage[] = [];
    for (let i = 0; i < 3; i++)
      live.push(((await iterator.next()) as IteratorYieldResult<SubscriptionMessage>).value);
    expect(
      live.map((m) =>
        m.kind === 'event' ? [m.event.stream, m.event.revision, m.event.position] : m,
      ),
    ).toEqual([
      ['counter-1', 0n, 2n],
      ['counter-1', 1n, 3n],
      ['counter-2', 0n, 4n],
    ]);
    await iterator.return!();
    await store.close();
  });

  it('when opened with sync full it commits with synchronous FULL, and NORMAL by default', () => {
    const { file, remove } = tempFile();
    const normal = openSqliteDatabase(file);
    const full = openSqliteDatabase(file, { sync: 'full' });
    expect(normal.pragma('synchronous', { simple: true })).toBe(1);
    expect(full.pragma('synchronous', { simple: true })).toBe(2);
    normal.close();
    full.close();
    remove();
  });

  it('when reading with a type filter it walks the log in position order without sorting pages', () => {
    const db = openSqliteDatabase(':memory:');
    createSqliteEventStore({ database: db, catalog: testCatalog });
    const plan = (filter: EventFilter): string => {
      const params: unknown[] = [0, 100];
      const sql = `SELECT position FROM events WHERE position > ? AND position <= ?${filterClauses(filter, undefined, params)} ORDER BY position LIMIT 10`;
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('; ');
    };
    expect(plan({ eventTypes: ['NoteAdded'] })).toMatch(
      /USING (COVERING )?INDEX events_type_position/,
    );
    for (const filter of [
      { eventTypes: ['NoteAdded'] },
      { eventTypes: ['NoteAdded', 'CounterIncremented'] },
      { streamPrefixes: ['a', 'b'] },
    ]) {
      expect(plan(filter)).not.toMatch(/TEMP B-TREE/);
    }
    db.close();
  });

  it('when SQLITE_SYNC holds an unknown value it fails fast with a clear message', () => {
    expect(syncFromEnv(undefined)).toBe('normal');
    expect(syncFromEnv('full')).toBe('full');
    expect(() => syncFromEnv('fast')).toThrow('SQLITE_SYNC must be "normal" or "full", got "fast"');
  });

  it('when another process appends at the same time it loses no event and surfaces no lock error', async () => {
    const { file, remove } = tempFile();
    const store = createSqliteEventStore({ file, catalog: testCatalog });
    const child = spawnTsChild(appendFromChild, [file, 'counter-child', '600']);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Start writing only once the child is writing too, so the two really contend for the lock.
    await Promise.race([new Promise((resolve) => child.stdout.once('data', resolve)), exited]);
    for (const event of counterEvents(300)) {
      await store.append('counter-parent', [event], 'any');
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    const positions: bigint[] = [];
    for await (const event of store.readAll()) positions.push(event.position);
    expect(positions).toEqual(Array.from({ length: 900 }, (_, i) => BigInt(i + 1)));
    await store.close();
    remove();
  });
});
