import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { physicalName } from '../names';
import type { CollectionSpec, Doc, DocWrite, Generation, ReadStore } from '../port';
import { createSqliteReadStore } from './sqlite-read-store';

const tallies: CollectionSpec = {
  name: 'tallies',
  columns: { votes: 'number', hot: 'boolean' },
  indexes: [
    {
      fields: [
        ['group', 1],
        ['votes', -1],
      ],
    },
    { fields: [['hot', 1]] },
  ],
};

const card: Doc = { _id: 'a', group: 'x', text: 'He never does the dishes.', votes: 1, hot: false };
const write = (doc: Doc | null, position: bigint): DocWrite => ({
  collection: 'tallies',
  id: 'a',
  doc,
  position,
});

describe('column fields in SQLite', () => {
  let db: Database.Database;
  let store: ReadStore;
  let copy: Generation;

  beforeEach(async () => {
    db = new Database(':memory:');
    store = createSqliteReadStore({ database: db });
    copy = await store.createGeneration('counts', 1, [tallies]);
    await store.activate(copy, { expectedActive: null });
  });
  afterEach(async () => {
    await store.close();
    db.close();
  });

  /** Counts the UPDATEs of the row that set `doc`, `votes` or `hot` (what SQLite's indexes follow). */
  function watchUpdates(): () => Record<string, number> {
    const table = `"${physicalName(copy, 'tallies')}"`;
    db.exec('CREATE TABLE updates (part TEXT)');
    for (const part of ['doc', 'votes', 'hot'])
      db.exec(
        `CREATE TRIGGER set_${part} AFTER UPDATE OF "${part}" ON ${table} BEGIN INSERT INTO updates VALUES ('${part}'); END`,
      );
    const count = db
      .prepare<[string], number>('SELECT count(*) FROM updates WHERE part = ?')
      .pluck();
    return () => ({ doc: count.get('doc')!, votes: count.get('votes')!, hot: count.get('hot')! });
  }

  it('when only a counter changes the row updates that column alone, and an unchanged document is not written', async () => {
    await store.commit(copy, [write(card, 1n)], 1n);
    const updates = watchUpdates();

    await store.commit(copy, [write({ ...card, votes: 2 }, 2n)], 2n);
    expect(updates()).toEqual({ doc: 0, votes: 1, hot: 0 });
    await store.commit(copy, [write({ ...card, votes: 2 }, 3n)], 3n);
    expect(updates()).toEqual({ doc: 0, votes: 1, hot: 0 });
    await store.commit(copy, [write({ ...card, votes: 2, text: 'Edited.' }, 4n)], 4n);
    expect(updates()).toEqual({ doc: 1, votes: 1, hot: 0 });

    expect(await store.collection('counts', 'tallies').get('a')).toEqual({
      ...card,
      votes: 2,
      text: 'Edited.',
    });
    const row = db.prepare(`SELECT doc FROM "${physicalName(copy, 'tallies')}"`).get() as {
      doc: string;
    };
    expect(JSON.parse(row.doc)).toEqual({ group: 'x', text: 'Edited.' });
  });

  it('when a column field holds another type the commit is refused and writes nothing', async () => {
    await store.commit(copy, [write(card, 1n)], 1n);
    for (const bad of [{ votes: '2' }, { votes: null }, { votes: Number.NaN }, { hot: 1 }])
      await expect(store.commit(copy, [write({ ...card, ...bad }, 2n)], 2n)).rejects.toThrow(
        /is a (number|boolean) column/,
      );
    expect(await store.collection('counts', 'tallies').get('a')).toEqual(card);
    expect(await store.checkpoint(copy)).toBe(1n);
  });

  it('when a table predates its collection columns it keeps the whole document in its JSON and reads the same', async () => {
    const { columns: _later, ...before } = tallies;
    const old = await store.createGeneration('older', 1, [before]);
    await store.ensureCollections(old, [tallies]);
    await store.commit(old, [write(card, 1n), { ...write(card, 1n), id: 'b' }], 1n);
    await store.commit(old, [write({ ...card, votes: 5, hot: true }, 2n)], 2n);

    const read = store.generationCollection(old, 'tallies');
    expect(await read.get('a')).toEqual({ ...card, votes: 5, hot: true });
    expect((await read.find({ hot: true })).items.map((d) => d._id)).toEqual(['a']);
  });
});
