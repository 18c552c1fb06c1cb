import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionSpec, Doc, DocWrite, Generation, ReadStore } from '../port';
import { ReadCache } from './read-cache';
import { createSqliteReadStore } from './sqlite-read-store';

const items: CollectionSpec = {
  name: 'items',
  indexes: [
    {
      fields: [
        ['category', 1],
        ['score', -1],
      ],
    },
    { fields: [['slot', 1]] },
  ],
};
const put = (doc: Doc, position = 2n): DocWrite => ({
  collection: 'items',
  id: doc._id,
  doc,
  position,
});
const del = (id: string, position = 2n): DocWrite => ({
  collection: 'items',
  id,
  doc: null,
  position,
});
const ids = (docs: Doc[]) => docs.map((d) => d._id);

describe('the SQLite read cache', () => {
  let dir: string;
  let db: Database.Database;
  let store: ReadStore;
  let live: Generation;
  const things = () => store.collection('things', 'items');
  const feed = () => things().find({ category: 'money' }, { sort: [['score', -1]], limit: 2 });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wr-read-cache-'));
    db = new Database(join(dir, 'rm.sqlite'));
    db.pragma('journal_mode = WAL');
    store = createSqliteReadStore({ database: db });
    live = await store.createGeneration('things', 1, [items]);
    await store.commit(
      live,
      [
        put({ _id: 'a', category: 'money', score: 5, slot: 0 }),
        put({ _id: 'b', category: 'money', score: 9, slot: 1 }),
        put({ _id: 'c', category: 'family', score: 7, slot: 2 }),
      ],
      1n,
    );
    await store.activate(live, { expectedActive: null });
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when the same document or page is read twice it answers the same frozen object', async () => {
    const doc = await things().get('a');
    expect(await things().get('a')).toBe(doc);
    expect(Object.isFrozen(doc)).toBe(true);
    const page = await feed();
    expect(await feed()).toBe(page);
    expect(Object.isFrozen(page.items[0])).toBe(true);
    expect(() => {
      (doc as unknown as { score: number }).score = 1;
    }).toThrow(TypeError);
  });

  it('when a document changes it is read fresh, and so is every page that held it', async () => {
    expect(ids((await feed()).items)).toEqual(['b', 'a']);
    await things().get('b');
    await store.commit(live, [put({ _id: 'b', category: 'money', score: 1, slot: 1 }, 3n)], 3n);
    expect((await things().get('b'))?.score).toBe(1);
    expect(ids((await feed()).items)).toEqual(['a', 'b']);
    await store.commit(live, [del('a', 4n)], 4n);
    expect(await things().get('a')).toBeUndefined();
    expect(ids((await feed()).items)).toEqual(['b']);
  });

  it('when a document starts to match a cached page filter the page is read fresh', async () => {
    expect(ids((await feed()).items)).toEqual(['b', 'a']);
    expect(await things().get('new')).toBeUndefined();
    await store.commit(live, [put({ _id: 'new', category: 'money', score: 50, slot: 3 }, 3n)], 3n);
    expect(ids((await feed()).items)).toEqual(['new', 'b']);
    expect((await things().get('new'))?.score).toBe(50);
    await store.commit(live, [put({ _id: 'c', category: 'money', score: 70, slot: 2 }, 4n)], 4n);
    expect(ids((await feed()).items)).toEqual(['c', 'new']);
  });

  it('when a slot moves to another document the lookup by slot follows it', async () => {
    const bySlot = async (slot: number) => ids((await things().find({ slot }, { limit: 1 })).items);
    expect(await bySlot(1)).toEqual(['b']);
    await store.commit(
      live,
      [
        put({ _id: 'b', category: 'money', score: 9 }, 3n),
        put({ _id: 'c', category: 'family', score: 7, slot: 1 }, 3n),
      ],
      3n,
    );
    expect(await bySlot(1)).toEqual(['c']);
    expect(await bySlot(2)).toEqual([]);
  });

  it('when a document that matches no cached filter is written the cached page is kept', async () => {
    const page = await feed();
    await store.commit(live, [put({ _id: 'c', category: 'family', score: 100, slot: 2 }, 3n)], 3n);
    expect(await feed()).toBe(page);
  });

  it('when another store on the same connection commits, this store reads the change', async () => {
    const other = createSqliteReadStore({ database: db });
    expect((await things().get('a'))?.score).toBe(5);
    await other.commit(live, [put({ _id: 'a', category: 'money', score: 6, slot: 0 }, 3n)], 3n);
    expect((await things().get('a'))?.score).toBe(6);
  });

  it('when another connection commits, everything cached is read fresh', async () => {
    expect((await things().get('a'))?.score).toBe(5);
    expect(ids((await feed()).items)).toEqual(['b', 'a']);
    const second = new Database(join(dir, 'rm.sqlite'));
    try {
      await createSqliteReadStore({ database: second }).commit(
        live,
        [put({ _id: 'a', category: 'money', score: 99, slot: 0 }, 3n)],
        3n,
      );
    } finally {
      second.close();
    }
    expect((await things().get('a'))?.score).toBe(99);
    expect(ids((await feed()).items)).toEqual(['a', 'b']);
  });

  it('when another connection swaps in a rebuilt copy, documents not read before come from the new copy', async () => {
    expect((await things().get('a'))?.score).toBe(5);
    const second = new Database(join(dir, 'rm.sqlite'));
    try {
      const elsewhere = createSqliteReadStore({ database: second });
      const next = await elsewhere.createGeneration('things', 2, [items]);
      await elsewhere.commit(
        next,
        [
          put({ _id: 'b', category: 'money', score: 90 }, 5n),
          put({ _id: 'c', category: 'family', score: 70 }, 5n),
        ],
        5n,
      );
      await elsewhere.activate(next, { expectedActive: live.generation });
    } finally {
      second.close();
    }
    expect((await things().get('b'))?.score).toBe(90);
    expect(await things().get('a')).toBeUndefined();
  });

  it('when another connection flips the pointer before dropping the old copy, a document not read before comes from the new copy', async () => {
    expect((await things().get('a'))?.score).toBe(5);
    const next = await store.createGeneration('things', 2, [items]);
    await store.commit(next, [put({ _id: 'b', category: 'money', score: 90 }, 5n)], 5n);
    const second = new Database(join(dir, 'rm.sqlite'));
    try {
      second
        .prepare('UPDATE rm_active SET generation = ? WHERE projection = ?')
        .run(next.generation, 'things');
    } finally {
      second.close();
    }
    expect((await things().get('b'))?.score).toBe(90);
  });

  it('when reads are asked for together after another connection wrote, they read what it wrote', async () => {
    expect((await things().get('c'))?.score).toBe(7);
    const second = new Database(join(dir, 'rm.sqlite'));
    second
      .prepare(
        `UPDATE "rm_things_${live.generation}_items" SET doc = json_set(doc, '$.score', 8) WHERE id = 'c'`,
      )
      .run();
    second.close();
    const [c, a] = await Promise.all([things().get('c'), things().get('a')]);
    expect([c?.score, a?.score]).toEqual([8, 5]);
    expect((await things().get('c'))?.score).toBe(8);
  });

  it('when a read happens inside a transaction that rolls back, nothing it saw is kept', async () => {
    db.exec('BEGIN');
    await store.commit(live, [put({ _id: 'a', category: 'money', score: 1000, slot: 0 }, 3n)], 3n);
    expect((await things().get('a'))?.score).toBe(1000);
    expect(ids((await feed()).items)).toEqual(['a', 'b']);
    db.exec('ROLLBACK');
    expect((await things().get('a'))?.score).toBe(5);
    expect(ids((await feed()).items)).toEqual(['b', 'a']);
  });

  it('when a rebuilt generation is activated, readers see the new copy', async () => {
    expect((await things().get('a'))?.score).toBe(5);
    const next = await store.createGeneration('things', 2, [items]);
    await store.commit(next, [put({ _id: 'a', category: 'money', score: 42 }, 5n)], 5n);
    expect((await things().get('a'))?.score).toBe(5);
    await store.activate(next, { expectedActive: live.generation });
    expect((await things().get('a'))?.score).toBe(42);
    expect(await things().get('b')).toBeUndefined();
  });
});

describe('ReadCache', () => {
  it('when over its size it drops the least recently used entries', () => {
    const cache = new ReadCache(100);
    cache.keepDoc('t', 'a', { _id: 'a' }, 40);
    cache.keepDoc('t', 'b', { _id: 'b' }, 40);
    expect(cache.doc('t', 'a')).toEqual({ _id: 'a' });
    cache.keepDoc('t', 'c', { _id: 'c' }, 40);
    expect(cache.doc('t', 'b')).toBeUndefined();
    expect(cache.doc('t', 'a')).toEqual({ _id: 'a' });
    expect(cache.size.chars).toBeLessThanOrEqual(100);
    cache.keepDoc('t', 'huge', { _id: 'huge' }, 1_000);
    expect(cache.doc('t', 'huge')).toBeUndefined();
  });

  it('when a filter is not plain equality its page is not kept', () => {
    const cache = new ReadCache(1_000);
    cache.keepPage('t', 'k', { score: { $gt: 1 } }, { items: [] }, 0);
    expect(cache.page('t', 'k')).toBeUndefined();
  });

  it('when a written document has a boolean or a missing field it matches as SQLite compares it', () => {
    const cache = new ReadCache(1_000);
    cache.keepPage('t', 'flagged', { flagged: true }, { items: [] }, 0);
    cache.keepPage('t', 'unranked', { rank: null }, { items: [] }, 0);
    cache.written('t', 'x', { _id: 'x', flagged: false, rank: 1 });
    expect(cache.page('t', 'flagged')).toBeDefined();
    expect(cache.page('t', 'unranked')).toBeDefined();
    cache.written('t', 'y', { _id: 'y', flagged: 1 });
    expect(cache.page('t', 'flagged')).toBeUndefined();
    expect(cache.page('t', 'unranked')).toBeUndefined();
  });

  it('when an evicted page is gone its bookkeeping goes with it', () => {
    const cache = new ReadCache(1_000);
    cache.keepPage('t', 'k', { category: 'money' }, { items: [{ _id: 'a' }] }, 10);
    cache.written('t', 'a', null);
    expect(cache.page('t', 'k')).toBeUndefined();
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, chars: 0 });
  });

  it("when some of a table's entries are gone, a write still evicts the others, and a write to another table touches none", () => {
    const cache = new ReadCache(1_000);
    cache.keepDoc('t', 'a', { _id: 'a' }, 10);
    cache.keepDoc('t', 'b', { _id: 'b' }, 10);
    cache.keepPage('t', 'money', { category: 'money' }, { items: [] }, 10);
    cache.keepDoc('u', 'a', { _id: 'a' }, 10);
    cache.written('t', 'a', null);
    expect(cache.doc('t', 'a')).toBeUndefined();
    cache.written('t', 'b', { _id: 'b', category: 'chores' });
    expect(cache.doc('t', 'b')).toBeUndefined();
    expect(cache.page('t', 'money')).toBeDefined();
    cache.written('t', 'c', { _id: 'c', category: 'money' });
    expect(cache.page('t', 'money')).toBeUndefined();
    cache.written('v', 'a', { _id: 'a' });
    expect(cache.doc('u', 'a')).toEqual({ _id: 'a' });
    cache.keepDoc('t', 'a', { _id: 'a' }, 10);
    cache.written('t', 'a', { _id: 'a', category: 'x' });
    expect(cache.doc('t', 'a')).toBeUndefined();
  });
});
