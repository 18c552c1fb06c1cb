import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@whosright/eventstore/port';
import type { Update } from '../store/port';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { BatchFolder } from './batch-fold';
import { DocCache } from './doc-cache';
import { defineProjection, remove, upsert, type AnyProjection } from './projection';

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
