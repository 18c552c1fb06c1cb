import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { physicalName } from '../names';
import type { CollectionSpec, Doc, DocWrite, Generation, ReadStore } from '../port';
import { createSqliteReadStore } from './sqlite-read-store';

const plain: CollectionSpec = { name: 'plain', indexes: [{ fields: [['score', -1]] }] };
const counted: CollectionSpec = { name: 'counted', columns: { votes: 'number' }, indexes: [] };

const put = (collection: string, doc: Doc, position: bigint): DocWrite => ({
  collection,
  id: doc._id,
  doc,
  position,
});

describe("a document's _id in SQLite", () => {
  let db: Database.Database;
  let store: ReadStore;
  let live: Generation;
  const storedJson = (collection: string, id: string) =>
    JSON.parse(
      db
        .prepare<[string], string>(
          `SELECT doc FROM "${physicalName(live, collection)}" WHERE id = ?`,
        )
        .pluck()
        .get(id)!,
    ) as Doc;

  beforeEach(async () => {
    db = new Database(':memory:');
    store = createSqliteReadStore({ database: db });
    live = await store.createGeneration('model', 1, [plain, counted]);
    await store.activate(live, { expectedActive: null });
  });
  afterEach(async () => {
    await store.close();
    db.close();
  });

  it('is kept in the row id only, and every read gives it back', async () => {
    await store.commit(
      live,
      [
        put('plain', { _id: 'a', score: 2 }, 1n),
        put('counted', { _id: 'b', text: 'x', votes: 3 }, 1n),
      ],
      1n,
    );
    expect(storedJson('plain', 'a')).toEqual({ score: 2 });
    expect(storedJson('counted', 'b')).toEqual({ text: 'x' });

    const plainDocs = store.collection('model', 'plain');
    expect(await plainDocs.get('a')).toEqual({ _id: 'a', score: 2 });
    expect((await plainDocs.find({}, { sort: [['score', -1]] })).items).toEqual([
      { _id: 'a', score: 2 },
    ]);
    expect(await store.collection('model', 'counted').get('b')).toEqual({
      _id: 'b',
      text: 'x',
      votes: 3,
    });
    expect(await store.load(live, 'counted', ['b'])).toEqual(
      new Map([['b', { _id: 'b', text: 'x', votes: 3 }]]),
    );
  });

  it('reads a row written with _id in its JSON as before, and drops it on the next write', async () => {
    db.prepare(`INSERT INTO "${physicalName(live, 'plain')}" (id, doc) VALUES (?, ?)`).run(
      'old',
      JSON.stringify({ _id: 'old', score: 1 }),
    );
    const docs = store.collection('model', 'plain');
    expect(await docs.get('old')).toEqual({ _id: 'old', score: 1 });

    await store.commit(live, [put('plain', { _id: 'old', score: 5 }, 1n)], 1n);
    expect(storedJson('plain', 'old')).toEqual({ score: 5 });
    expect(await docs.get('old')).toEqual({ _id: 'old', score: 5 });
  });
});
