import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { seenRow, seenRows } from '../../testing/insert-only-rows';
import { createSqliteReadStore } from './sqlite-read-store';

function open() {
  const db = new Database(':memory:');
  const store = createSqliteReadStore({ database: db });
  const tables = () =>
    (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_seen-by%'")
        .pluck()
        .all() as string[]
    ).sort();
  const rows = (table: string) =>
    db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
  return { store, tables, rows };
}

/** A bulk load of an insert-only collection appends to a staging table, sorted in at the end. */
describe('SQLite read store: staged insert-only collections', () => {
  it('when a copy defers its indexes, its documents are appended to the staging table until the indexes are made, then sorted into the table', async () => {
    const { store, tables, rows } = open();
    const copy = await store.createGeneration('seen-by', 1, [seenRows], { deferIndexes: true });
    await store.commit(copy, [seenRow('bea', 's2', 1n), seenRow('ann', 's1', 2n)], 2n);
    await store.commit(copy, [seenRow('ann', 's1', 3n)], 3n);
    expect(tables()).toEqual(['rm_seen-by_1_seen', 'rm_seen-by_1_seen__staged']);
    expect(rows('rm_seen-by_1_seen')).toBe(0);
    expect(rows('rm_seen-by_1_seen__staged')).toBe(3);

    await store.ensureCollections(copy, [seenRows]);
    expect(tables()).toEqual(['rm_seen-by_1_seen']);
    expect(rows('rm_seen-by_1_seen')).toBe(2);
    await store.commit(copy, [seenRow('cid', 's1', 4n)], 4n);
    expect(rows('rm_seen-by_1_seen')).toBe(3);
  });

  it('when a document is staged twice with different fields, the first staged is the one kept', async () => {
    const { store } = open();
    const copy = await store.createGeneration('seen-by', 1, [seenRows], { deferIndexes: true });
    const first = seenRow('ann', 's1', 1n);
    const later = { ...seenRow('ann', 's1', 2n), doc: { _id: 'ann s1', viewer: 'later' } };
    // Rows beside them on both sides, so the later one is not simply the last staged.
    const others = Array.from({ length: 2_000 }, (_, i) => seenRow(`v${i}`, 's1', 1n));
    await store.commit(copy, [...others, first], 1n);
    await store.commit(copy, [later, ...others], 2n);
    await store.ensureCollections(copy, [seenRows]);
    await store.activate(copy);
    const page = await store.collection('seen-by', 'seen').find({ _id: 'ann s1' });
    expect(page.items).toEqual([first.doc]);
  });

  it('when a commit stages more rows than one INSERT takes, with column fields, every row arrives whole', async () => {
    const { store } = open();
    const counted = { ...seenRows, columns: { visits: 'number' } } as const;
    const copy = await store.createGeneration('seen-by', 1, [counted], { deferIndexes: true });
    const rows = Array.from({ length: 123 }, (_, i) => {
      const row = seenRow(`v${String(i).padStart(3, '0')}`, 's1', 1n);
      return { ...row, doc: { ...row.doc!, visits: i } };
    });
    await store.commit(copy, rows, 1n);
    await store.ensureCollections(copy, [counted]);
    await store.activate(copy);
    const page = await store.collection('seen-by', 'seen').find({}, { limit: 200 });
    expect(page.items).toEqual(rows.map((row) => row.doc));
  });

  it('when one commit mixes staged inserts with writes to a table that is not staged, each lands in its own table', async () => {
    const { store, rows } = open();
    const totals = { name: 'totals', indexes: [] };
    const copy = await store.createGeneration('seen-by', 1, [seenRows, totals], {
      deferIndexes: true,
    });
    const total = { collection: 'totals', id: 'ann', doc: { _id: 'ann', seen: 2 }, position: 2n };
    await store.commit(copy, [seenRow('ann', 's1', 1n), total, seenRow('ann', 's2', 2n)], 2n);
    expect(rows('rm_seen-by_1_seen__staged')).toBe(2);
    expect(rows('rm_seen-by_1_totals')).toBe(1);
    await store.ensureCollections(copy, [seenRows, totals]);
    await store.activate(copy);
    const seen = await store.collection('seen-by', 'seen').find({});
    expect(seen.items.map((doc) => doc._id)).toEqual(['ann s1', 'ann s2']);
    const kept = await store.collection('seen-by', 'totals').find({});
    expect(kept.items).toEqual([total.doc]);
  });

  it('when a copy is made with its indexes, nothing is staged', async () => {
    const { store, tables, rows } = open();
    const copy = await store.createGeneration('seen-by', 1, [seenRows]);
    await store.commit(copy, [seenRow('ann', 's1', 1n)], 1n);
    expect(tables()).toEqual(['rm_seen-by_1_seen']);
    expect(rows('rm_seen-by_1_seen')).toBe(1);
  });

  it('when a copy is dropped while loading, its staging table goes with it', async () => {
    const { store, tables } = open();
    const copy = await store.createGeneration('seen-by', 1, [seenRows], { deferIndexes: true });
    await store.commit(copy, [seenRow('ann', 's1', 1n)], 1n);
    await store.drop(copy);
    expect(tables()).toEqual([]);
  });
});
