import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@whosright/eventstore/port';
import type { Update } from '../store/port';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { BatchFolder } from './batch-fold';
import { DocCache } from './doc-cache';
import { defineProjection, insertOnce, remove, upsert, type AnyProjection } from './projection';

const fixtures: SqliteFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

/** Each event's data is the update to make to document `doc`, or `null` to delete it. */
const echo = defineProjection({
  name: 'echo',
  version: 1,
  eventTypes: ['Changed'],
  collections: [{ name: 'docs', indexes: [] }],
  apply: (event: RecordedEvent<'Changed', Update | null>) => [
    event.data === null ? remove('docs', 'doc') : upsert('docs', 'doc', event.data),
  ],
}) as unknown as AnyProjection;

let position = 0n;
function changed(data: Update | null): RecordedEvent {
  position += 1n;
  return {
    id: `event-${position}`,
    stream: 'doc',
    type: 'Changed',
    data,
    metadata: { correlationId: 'spec', recordedAt: '2026-03-02T09:00:00.000Z' },
    revision: position - 1n,
    position,
  };
}

/** A folder over an empty copy (a complete cache: nothing to load) and what each fold writes. */
function folder() {
  const fixture = openSqliteFixture();
  fixtures.push(fixture);
  const target = { projection: 'echo', generation: 1, version: 1 };
  const batch = new BatchFolder(fixture.readStore, target, echo, new DocCache(undefined, true));
  return async (...events: RecordedEvent[]) => {
    const outcome = await batch.fold(events);
    if (outcome.failure) throw outcome.failure.error;
    return batch.takeWrites().map(({ doc, position }) => ({ doc, position }));
  };
}

describe('BatchFolder: a change that leaves a document as it was', () => {
  it('writes nothing for a $set of the values it holds, an $inc by 0 or an $unset of nothing', async () => {
    const fold = folder();
    const first = await fold(changed({ $set: { name: 'Ann', tags: 1 }, $inc: { votes: 2 } }));
    expect(first).toEqual([
      { doc: { _id: 'doc', name: 'Ann', tags: 1, votes: 2 }, position: first[0]!.position },
    ]);

    expect(await fold(changed({ $set: { name: 'Ann' } }))).toEqual([]);
    expect(await fold(changed({ $inc: { votes: 0 } }))).toEqual([]);
    expect(await fold(changed({ $unset: { missing: true } }))).toEqual([]);
  });

  it('writes the document once one change in the batch does change it, at that change', async () => {
    const fold = folder();
    await fold(changed({ $set: { name: 'Ann' } }));
    const real = changed({ $set: { name: 'Bea' } });
    const writes = await fold(real, changed({ $set: { name: 'Bea' } }));
    expect(writes).toEqual([{ doc: { _id: 'doc', name: 'Bea' }, position: real.position }]);
  });

  it('counts an object or array set as a change (not compared)', async () => {
    const fold = folder();
    await fold(changed({ $set: { list: [1] } }));
    expect(await fold(changed({ $set: { list: [1] } }))).toHaveLength(1);
  });

  it('writes nothing to delete a document that does not exist, and deletes one that does', async () => {
    const fold = folder();
    expect(await fold(changed(null))).toEqual([]);
    await fold(changed({ $set: { name: 'Ann' } }));
    expect(await fold(changed(null))).toEqual([
      { doc: null, position: expect.any(BigInt) as bigint },
    ]);
  });
});

/** Each event's data names a viewer and a story: one insert-only row per pair. */
const seenRows = (insertOnly: boolean, op: 'insert' | 'upsert') =>
  defineProjection({
    name: 'seen-rows',
    version: 1,
    eventTypes: ['Seen'],
    collections: [{ name: 'rows', indexes: [], insertOnly }],
    apply: (event: RecordedEvent<'Seen', { viewer: string; story: string }>) => {
      const id = `${event.data.viewer} ${event.data.story}`;
      return [
        op === 'insert'
          ? insertOnce('rows', id, { viewer: event.data.viewer })
          : upsert('rows', id, { $set: { viewer: event.data.viewer } }),
      ];
    },
  }) as unknown as AnyProjection;

function seenEvent(viewer: string, story: string): RecordedEvent {
  position += 1n;
  return { ...changed(null), type: 'Seen', data: { viewer, story }, position };
}

describe('BatchFolder: insert-only collections', () => {
  it('when a copy holds documents it has not read, an insert reads nothing and is written only where absent, each as it came', async () => {
    const fixture = openSqliteFixture();
    fixtures.push(fixture);
    const loads: string[][] = [];
    const store = {
      ...fixture.readStore,
      load: (...args: Parameters<typeof fixture.readStore.load>) => {
        loads.push([...args[2]]);
        return fixture.readStore.load(...args);
      },
    };
    const target = { projection: 'seen-rows', generation: 1, version: 1 };
    const batch = new BatchFolder(store, target, seenRows(true, 'insert'), new DocCache(0, false));
    const outcome = await batch.fold([
      seenEvent('ann', 's1'),
      seenEvent('ann', 's1'),
      seenEvent('bea', 's1'),
    ]);
    expect(outcome.failure).toBeUndefined();
    expect(loads).toEqual([]);
    expect(batch.takeWrites().map(({ id, doc, ifAbsent }) => ({ id, doc, ifAbsent }))).toEqual([
      { id: 'ann s1', doc: { _id: 'ann s1', viewer: 'ann' }, ifAbsent: true },
      { id: 'ann s1', doc: { _id: 'ann s1', viewer: 'ann' }, ifAbsent: true },
      { id: 'bea s1', doc: { _id: 'bea s1', viewer: 'bea' }, ifAbsent: true },
    ]);
  });

  it('when a rebuild writes insert-only documents they stay out of its cache: it stays complete, and a later insert is written where absent', () => {
    const fixture = openSqliteFixture();
    fixtures.push(fixture);
    const target = { projection: 'seen-rows', generation: 1, version: 1 };
    const cache = new DocCache(1, true);
    const batch = new BatchFolder(fixture.readStore, target, seenRows(true, 'insert'), cache);
    batch.foldNow(seenEvent('ann', 's1'));
    batch.foldNow(seenEvent('bea', 's1'));
    expect(batch.takeWrites().map(({ id }) => id)).toEqual(['ann s1', 'bea s1']);
    expect(cache.complete).toBe(true);
    expect(cache.docs('rows').size).toBe(0);
    batch.foldNow(seenEvent('ann', 's1'));
    expect(batch.takeWrites().map(({ id, ifAbsent }) => ({ id, ifAbsent }))).toEqual([
      { id: 'ann s1', ifAbsent: true },
    ]);
  });

  it('when a projection changes an insert-only document, or inserts into a collection that is not, the event fails', async () => {
    const fixture = openSqliteFixture();
    fixtures.push(fixture);
    const target = { projection: 'seen-rows', generation: 1, version: 1 };
    for (const projection of [seenRows(true, 'upsert'), seenRows(false, 'insert')]) {
      const batch = new BatchFolder(
        fixture.readStore,
        target,
        projection,
        new DocCache(undefined, true),
      );
      const outcome = await batch.fold([seenEvent('ann', 's1')]);
      expect(outcome.failure?.error.message).toMatch(/insertOnly/);
    }
  });

  it('when a rebuild folds a change into a collection the projection does not declare, it throws, whether insert or update', () => {
    const fixture = openSqliteFixture();
    fixtures.push(fixture);
    const target = { projection: 'seen-rows', generation: 1, version: 1 };
    for (const op of ['insert', 'upsert'] as const) {
      const projection = seenRows(true, op);
      const declared = { ...projection, collections: [{ name: 'other', indexes: [] }] };
      const batch = new BatchFolder(fixture.readStore, target, declared, new DocCache(1, true));
      expect(() => batch.foldNow(seenEvent('ann', 's1'))).toThrow(
        'Unknown collection "rows" in projection seen-rows',
      );
    }
  });
});
