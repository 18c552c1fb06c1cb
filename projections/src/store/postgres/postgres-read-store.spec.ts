import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';
import type { CollectionSpec, Doc, DocWrite, Generation } from '../port';
import { readStoreContract } from '../read-store.contract';
import { identifier } from './tables';
import { recordStatements } from '@whosright/testing/postgres-statements';
import { openPostgresReadStore } from './postgres-read-store';

describeWithService(postgresServer, 'PostgreSQL read store', () => {
  let server: PostgresServer;
  let url: string;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startPostgresServer();
    url = await server.createDatabase('readstore');
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });

  /** A new schema's address: an empty store, as the contract wants each test's store. */
  async function newSchema() {
    const schema = `s_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const connectionString = new URL(url);
    connectionString.searchParams.set('options', `-c search_path=${schema}`);
    return connectionString.toString();
  }
  const openInNewSchema = async () =>
    openPostgresReadStore({ connectionString: await newSchema(), poolSize: 4 });

  readStoreContract('postgres', { open: openInNewSchema, close: (store) => store.close() });

  it('when names are longer than PostgreSQL keeps, each copy still has tables of its own', async () => {
    const store = await openInNewSchema();
    const projection = `a-projection-with-a-long-name-${'x'.repeat(20)}`;
    const spec = { name: `a-collection-with-a-long-name-${'y'.repeat(20)}`, indexes: [] };
    const first = await store.createGeneration(projection, 1, [spec]);
    const second = await store.createGeneration(projection, 1, [spec]);
    await store.commit(
      first,
      [{ collection: spec.name, id: 'a', doc: { _id: 'a' }, position: 1n }],
      1n,
    );
    expect(await store.generationCollection(first, spec.name).count()).toBe(1);
    expect(await store.generationCollection(second, spec.name).count()).toBe(0);
    await store.close();
  });

  it('when another process flips a projection to a new copy, readers here read the new copy', async () => {
    const connectionString = await newSchema();
    const here = await openPostgresReadStore({ connectionString, poolSize: 2 });
    const there = await openPostgresReadStore({ connectionString, poolSize: 2 });
    const spec = { name: 'items', indexes: [] };
    const doc = (id: string) => [{ collection: 'items', id, doc: { _id: id }, position: 1n }];
    const first = await there.createGeneration('flipped', 1, [spec]);
    await there.commit(first, doc('old'), 1n);
    await there.activate(first);
    const items = here.collection('flipped', 'items');
    // Read twice: the second read goes by the pointer kept from the first.
    expect((await items.find()).items.map((d) => d._id)).toEqual(['old']);
    expect(await items.get('old')).toEqual({ _id: 'old' });

    const second = await there.createGeneration('flipped', 2, [spec]);
    await there.commit(second, doc('new'), 1n);
    await there.activate(second);
    // At once (the old copy's tables are gone), and after the flip's notice has arrived.
    expect((await items.find()).items.map((d) => d._id)).toEqual(['new']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await items.get('new')).toEqual({ _id: 'new' });
    expect(await items.get('old')).toBeUndefined();
    await here.close();
    await there.close();
  });

  it('when a copy takes thousands of documents in one commit (by COPY) they read back exactly, and the next commit updates, keeps and deletes as any commit does', async () => {
    const store = await openInNewSchema();
    const spec = {
      name: 'notes',
      indexes: [],
      columns: { votes: 'number', hot: 'boolean' },
    } as const satisfies CollectionSpec;
    const note = (i: number, extra = '') => ({
      _id: `n\t${i}\\`,
      text: `line one\nline two\r\n\ttab \\ back "quoted" é 😀 ${i}${extra}`,
      ...(i % 5 === 0 ? {} : { votes: i / 3 }),
      hot: i % 2 === 0,
      nested: { list: [i, null, 'x\\y'] },
    });
    const put = (doc: Doc, ifAbsent = false): DocWrite => ({
      collection: 'notes',
      id: doc._id,
      doc,
      position: 1n,
      ...(ifAbsent ? { ifAbsent: true } : {}),
    });
    const copy = await store.createGeneration('bulk', 1, [spec], { deferIndexes: true });
    const first = Array.from({ length: 2_500 }, (_, i) => note(i));
    await store.commit(
      copy,
      first.map((doc) => put(doc)),
      1n,
    );
    const loaded = await store.load(
      copy,
      'notes',
      first.map((doc) => doc._id),
    );
    expect(loaded.size).toBe(2_500);
    for (const doc of first) expect(loaded.get(doc._id)).toEqual(doc);

    const changed = first.slice(0, 1_000).map((doc, i) => note(i, ' changed'));
    const kept = first
      .slice(1_000, 2_000)
      .map((doc, i) => ({ ...note(1_000 + i), text: 'ignored' }));
    const removed = first
      .slice(2_000)
      .map((doc) => ({ collection: 'notes', id: doc._id, doc: null, position: 2n }));
    const added = Array.from({ length: 1_500 }, (_, i) => note(10_000 + i));
    await store.commit(
      copy,
      [
        ...changed.map((doc) => put(doc)),
        ...kept.map((doc) => put(doc, true)),
        ...removed,
        ...added.map((doc) => put(doc, true)),
      ],
      2n,
    );
    const after = await store.load(
      copy,
      'notes',
      [...first, ...added].map((doc) => doc._id),
    );
    expect(after.size).toBe(3_500);
    for (const doc of changed) expect(after.get(doc._id)).toEqual(doc);
    for (const doc of first.slice(1_000, 2_000)) expect(after.get(doc._id)).toEqual(doc);
    for (const doc of added) expect(after.get(doc._id)).toEqual(doc);
    expect(await store.checkpoint(copy)).toBe(2n);
    await store.close();
  });

  it('when several copies commit in one turn they travel as one statement, and one that fails fails alone', async () => {
    const store = await openInNewSchema();
    const plain = { name: 'items', indexes: [] };
    const first = await store.createGeneration('first', 1, [plain]);
    const second = await store.createGeneration('second', 1, [plain]);
    const dropped = await store.createGeneration('dropped', 1, [plain]);
    const item = (id: string): DocWrite[] => [
      { collection: 'items', id, doc: { _id: id }, position: 1n },
    ];
    // Each copy commits once first, so its table's layout is known.
    await store.commit(first, item('zero'), 1n);
    await store.commit(second, item('zero'), 1n);
    await store.commit(dropped, item('zero'), 1n);
    // Its tables are gone: its next commit fails.
    await store.drop(dropped);

    const recorded = recordStatements();
    try {
      const together = await Promise.all([
        store.commit(first, item('one'), 2n),
        store.commit(second, item('two'), 2n),
      ]);
      expect(together).toEqual([true, true]);
      const commitsOf = (texts: string[]) =>
        texts.filter((text) => text.includes('UPDATE rm_generations'));
      const commits = commitsOf(recorded.statements());
      expect(commits).toHaveLength(1);
      expect(commits[0]!.match(/UPDATE rm_generations/g)).toHaveLength(2);

      const before = recorded.statements().length;
      const outcomes = await Promise.allSettled([
        store.commit(first, item('three'), 3n),
        store.commit(dropped, item('lost'), 3n),
        store.commit(second, item('four'), 3n),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // The shared statement, then each commit on its own.
      expect(commitsOf(recorded.statements().slice(before))).toHaveLength(4);
    } finally {
      recorded.stop();
    }
    const ids = async (target: Generation) =>
      (await store.generationCollection(target, 'items').find()).items.map((d) => d._id).sort();
    expect(await ids(first)).toEqual(['one', 'three', 'zero']);
    expect(await ids(second)).toEqual(['four', 'two', 'zero']);
    expect(await store.checkpoint(first)).toBe(3n);
    expect(await store.checkpoint(second)).toBe(3n);
    await store.close();
  });

  it('when documents are read by id in one turn they come in one query, each reader with a copy of its own', async () => {
    const store = await openInNewSchema();
    const specs = [
      { name: 'items', indexes: [] },
      { name: 'others', indexes: [] },
    ];
    const copy = await store.createGeneration('gets', 1, specs);
    await store.commit(
      copy,
      [
        ...['a', 'b'].map((id) => ({
          collection: 'items',
          id,
          doc: { _id: id, n: id },
          position: 1n,
        })),
        { collection: 'others', id: 'a', doc: { _id: 'a', other: true }, position: 1n },
      ],
      1n,
    );
    await store.activate(copy);
    const items = store.collection('gets', 'items');
    const others = store.collection('gets', 'others');
    await Promise.all([items.get('a'), others.get('a')]); // the tables' layouts are known from here on

    const recorded = recordStatements();
    let read;
    try {
      read = await Promise.all([
        items.get('a'),
        items.get('b'),
        others.get('a'),
        items.get('a'),
        items.get('zz'),
        others.get('b'),
      ]);
    } finally {
      recorded.stop();
    }
    expect(read).toEqual([
      { _id: 'a', n: 'a' },
      { _id: 'b', n: 'b' },
      { _id: 'a', other: true },
      { _id: 'a', n: 'a' },
      undefined,
      undefined,
    ]);
    expect(read[0]).not.toBe(read[3]);
    const reads = recorded.statements().filter((text) => text.includes('rm_gets_1_'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('rm_gets_1_items');
    expect(reads[0]).toContain('rm_gets_1_others');
    await store.close();
  });

  it('when readers ask the same page in one turn it is read once, each with copies of its own, and a later ask sees later commits', async () => {
    const store = await openInNewSchema();
    const spec = { name: 'items', indexes: [] };
    const copy = await store.createGeneration('pages', 1, [spec]);
    const put = (id: string, position: bigint) =>
      store.commit(copy, [{ collection: 'items', id, doc: { _id: id }, position }], position);
    await put('a', 1n);
    await store.activate(copy);
    const items = store.collection('pages', 'items');
    await items.find({}, { limit: 5 }); // the table's layout is known from here on

    const recorded = recordStatements();
    let pages;
    try {
      pages = await Promise.all([items.find({}, { limit: 5 }), items.find({}, { limit: 5 })]);
    } finally {
      recorded.stop();
    }
    expect(pages.map((page) => page.items)).toEqual([[{ _id: 'a' }], [{ _id: 'a' }]]);
    expect(pages[0].items[0]).not.toBe(pages[1].items[0]);
    expect(recorded.statements().filter((text) => text.includes('rm_pages_1_items'))).toHaveLength(
      1,
    );

    await put('b', 2n);
    expect((await items.find({}, { limit: 5 })).items.map((d) => d._id)).toEqual(['a', 'b']);
    await store.close();
  });

  it('when a name is longer than 63 bytes it is cut at a character with a hash of the whole', () => {
    const long = `rm_${'é'.repeat(40)}_1_items`;
    const cut = identifier(long);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(63);
    expect(cut).not.toContain('\uFFFD');
    expect(identifier(`${long}-other`)).not.toBe(cut);
    expect(identifier('rm_short_1_items')).toBe('rm_short_1_items');
  });

  it('when the database sorts strings by its language it refuses to open, saying how to make one that does not', async () => {
    const database = `linguistic_${randomBytes(4).toString('hex')}`;
    const { rows } = await admin.query<{ collation: string }>(
      "SELECT collname AS collation FROM pg_collation WHERE collprovider = 'i' AND collname = 'en-x-icu'",
    );
    // ICU is built into the Debian packages; a server without it has no linguistic order to refuse.
    expect(rows).toHaveLength(1);
    await admin.query(
      `CREATE DATABASE ${database} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en' LOCALE 'C'`,
    );
    const other = new URL(url);
    other.pathname = `/${database}`;
    await expect(openPostgresReadStore({ connectionString: other.toString() })).rejects.toThrow(
      /sorts strings by code point.*LC_COLLATE 'C'/,
    );
    await admin.query(`DROP DATABASE ${database}`);
  });
});
