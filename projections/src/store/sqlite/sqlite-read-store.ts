import type { Database, Statement } from 'better-sqlite3';
import { decodeCursor, encodeCursor } from '../cursor';
import { ReadCache } from './read-cache';
import { GroupCommit } from '@whosright/eventstore/sqlite/group-commit';
import { assertName, physicalName } from '../names';
import type {
  CollectionSpec,
  CommitOptions,
  DeadLetter,
  Doc,
  DocWrite,
  Filter,
  FindOptions,
  Generation,
  Page,
  ReadCollection,
  ReadStore,
  Scalar,
} from '../port';
import { withIdTieBreaker } from '../sort';
import { getPath } from '../update';
import { createMetaTables } from './schema';
import { afterSql, fieldExpr, orderSql, whereSql, type SqlParam } from './sql-query';

export interface SqliteReadStoreOptions {
  /** The connection the event store uses: read-model batches and checkpoints commit in its transactions. */
  database: Database;
  /**
   * Size of the connection's read cache in characters of document JSON (default 16 million,
   * about 15 MB of heap); the first store opened on a connection sets it.
   */
  readCacheChars?: number;
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

interface GenerationRow {
  projection: string;
  generation: number;
  version: number;
  collections: string;
}

/**
 * Read models as JSON documents in the event store's SQLite file: one table per collection and
 * generation (`id` primary key, `doc` JSON), declared indexes as expression indexes on
 * `json_extract(doc, '$.field')`, which the generated queries repeat verbatim.
 */
interface ActivePointers {
  cache: Map<string, Generation | undefined>;
  /** Set while the JavaScript that checked `data_version` is still running (until its microtasks). */
  checkedNow: boolean;
  /** Documents and pages read through this connection (see ReadCache). */
  reads: ReadCache;
  dataVersion: Statement<[], number>;
  seenVersion: number;
}

/** One pointer and read cache per connection, shared by every store on it (tests and the CLI open several). */
const pointersByConnection = new WeakMap<Database, ActivePointers>();

function activePointers(db: Database, readCacheChars: number): ActivePointers {
  let pointers = pointersByConnection.get(db);
  if (!pointers) {
    pointers = {
      cache: new Map(),
      checkedNow: false,
      reads: new ReadCache(readCacheChars),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      seenVersion: -1,
    };
    pointersByConnection.set(db, pointers);
  }
  return pointers;
}

/** LIMIT as a literal, not a bound parameter: SQLite runs these finds several times slower with `LIMIT ?`. */
function limitSql(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Invalid limit ${limit}`);
  return ` LIMIT ${limit}`;
}

export function createSqliteReadStore({
  database: db,
  readCacheChars = 16_000_000,
}: SqliteReadStoreOptions): ReadStore {
  createMetaTables(db);
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size > 500) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };

  const activeGeneration = db.prepare<[string], { generation: number }>(
    'SELECT generation FROM rm_active WHERE projection = ?',
  );
  const generationRow = db.prepare<[string, number], GenerationRow>(
    'SELECT projection, generation, version, collections FROM rm_generations WHERE projection = ? AND generation = ? AND dropped = 0',
  );
  const checkpointOf = db
    .prepare<[string, number], { checkpoint: bigint | null }>(
      'SELECT checkpoint FROM rm_generations WHERE projection = ? AND generation = ?',
    )
    .safeIntegers(true);
  const setCheckpoint = db.prepare<[bigint, string, number]>(
    'UPDATE rm_generations SET checkpoint = ? WHERE projection = ? AND generation = ?',
  );

  function tableOf(target: Generation, collection: string): string {
    return quote(physicalName(target, collection));
  }

  /**
   * The active generation per projection, cached: every read resolves it. This process's own
   * flips and drops clear the cache; another connection's commits (a replay CLI flipping a
   * pointer) change `PRAGMA data_version`, which clears it too, so the cache is never stale.
   */
  const pointers = activePointers(db, readCacheChars);
  const reads = pointers.reads;

  /**
   * Forgets everything cached once another connection has committed. Reads made in the same run
   * of JavaScript (say, a session and its user, asked for together) share one check: nothing
   * of this process can happen between them, and a commit elsewhere in that instant is as
   * concurrent with the second read as with the first. (Its own statement: read inside a query
   * through pragma_data_version() it measured slower, the table-valued pragma preparing its own.)
   */
  function syncWithOtherConnections(): void {
    if (pointers.checkedNow) return;
    const version = pointers.dataVersion.get()!;
    if (version !== pointers.seenVersion) {
      pointers.cache.clear();
      reads.clear();
      pointers.seenVersion = version;
    }
    pointers.checkedNow = true;
    queueMicrotask(() => {
      pointers.checkedNow = false;
    });
  }

  function resolveActive(projection: string): Generation | undefined {
    syncWithOtherConnections();
    return cachedActive(projection);
  }

  function cachedActive(projection: string): Generation | undefined {
    if (pointers.cache.has(projection)) return pointers.cache.get(projection);
    const resolved = lookUpActive(projection);
    pointers.cache.set(projection, resolved);
    return resolved;
  }

  function lookUpActive(projection: string): Generation | undefined {
    const row = activeGeneration.get(projection);
    if (!row) return undefined;
    const generation = generationRow.get(projection, row.generation);
    return generation
      ? { projection, generation: generation.generation, version: generation.version }
      : undefined;
  }

  function reader<T extends Doc>(
    resolve: () => Generation | undefined,
    name: string,
  ): ReadCollection<T> {
    /** The physical table to read, after checking what other connections committed. */
    const table = (): string | undefined => {
      syncWithOtherConnections();
      const target = resolve();
      return target ? physicalName(target, name) : undefined;
    };
    /** The lookup by id of the last table read, prepared once for it (every read would build its SQL). */
    let byId: { physical: string; statement: Statement } | undefined;
    const lookup = (physical: string): Statement => {
      if (byId?.physical !== physical)
        byId = { physical, statement: prepare(`SELECT doc FROM ${quote(physical)} WHERE id = ?`) };
      return byId.statement;
    };
    /** The document read (null: there is none), kept for the next read. */
    const remember = (physical: string, id: string, json: string | null | undefined): T | null => {
      const doc = json ? (JSON.parse(json) as T) : null;
      if (!db.inTransaction) reads.keepDoc(physical, id, doc, json?.length ?? 0);
      return doc;
    };
    const collection: ReadCollection<T> = {
      async get(id) {
        const physical = table();
        if (!physical) return undefined;
        const cached = reads.doc(physical, id) as T | null | undefined;
        const doc =
          cached !== undefined
            ? cached
            : remember(
                physical,
                id,
                (lookup(physical).get(id) as { doc: string } | undefined)?.doc,
              );
        return doc ?? undefined;
      },
      async find(filter?: Filter, options: FindOptions = {}): Promise<Page<T>> {
        const physical = table();
        if (!physical) return { items: [] };
        const key = JSON.stringify([filter, options.sort, options.limit, options.after]);
        const cached = reads.page(physical, key);
        if (cached) return cached as Page<T>;
        const sort = withIdTieBreaker(options.sort);
        const params: SqlParam[] = [];
        const where = whereSql(filter, params);
        if (options.after !== undefined)
          where.push(afterSql(sort, decodeCursor(options.after, sort.length), params));
        let sql = `SELECT doc FROM ${quote(physical)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderSql(sort)}`;
        if (options.limit !== undefined) sql += limitSql(options.limit);
        const rows = prepare(sql).all(...params) as Array<{ doc: string }>;
        let chars = 0;
        const items = rows.map((row) => {
          chars += row.doc.length;
          return JSON.parse(row.doc) as T;
        });
        const last = items[items.length - 1];
        const page: Page<T> = { items };
        if (last && options.limit !== undefined && items.length === options.limit) {
          page.next = encodeCursor(sort.map(([field]) => (getPath(last, field) ?? null) as Scalar));
        }
        if (!db.inTransaction) reads.keepPage(physical, key, filter, page, chars);
        return page;
      },
      async count(filter?: Filter) {
        const physical = table();
        if (!physical) return 0;
        const t = quote(physical);
        const params: SqlParam[] = [];
        const where = whereSql(filter, params);
        const row = prepare(
          `SELECT count(*) AS n FROM ${t}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
        ).get(...params) as { n: number };
        return row.n;
      },
    };
    // A replay in another process may swap copies between resolving the pointer and reading the
    // table it named: the old table is gone, so resolve again once.
    const retried =
      <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        operation(...args).catch((error: unknown) => {
          if (!(error instanceof Error && /no such table/.test(error.message))) throw error;
          statements.clear();
          syncWithOtherConnections();
          return operation(...args);
        });
    return {
      get: retried(collection.get),
      find: retried(collection.find),
      count: retried(collection.count),
    };
  }

  function createTables(
    target: Generation,
    collections: readonly CollectionSpec[],
    withIndexes: boolean,
  ): void {
    for (const spec of collections) {
      assertName('collection', spec.name);
      const name = physicalName(target, spec.name);
      db.exec(
        `CREATE TABLE IF NOT EXISTS ${quote(name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID`,
      );
      if (!withIndexes) continue;
      spec.indexes.forEach((index, i) => {
        const fields = withIdTieBreaker(index.fields);
        const columns = fields
          .map(([field, direction]) => `${fieldExpr(field)}${direction === -1 ? ' DESC' : ''}`)
          .join(', ');
        db.exec(
          `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(`${name}_${i}`)} ON ${quote(name)} (${columns})`,
        );
      });
    }
  }

  function dropTables(target: Generation): void {
    const row = generationRow.get(target.projection, target.generation);
    if (!row) return;
    for (const collection of JSON.parse(row.collections) as string[]) {
      db.exec(`DROP TABLE IF EXISTS ${tableOf(target, collection)}`);
    }
    db.prepare('UPDATE rm_generations SET dropped = 1 WHERE projection = ? AND generation = ?').run(
      target.projection,
      target.generation,
    );
    statements.clear();
    writers.clear();
    reads.clear();
  }

  interface TableWriter {
    upsert: Statement<[string, string]>;
    delete: Statement<[string]>;
  }
  const byCollectionAndId = (a: DocWrite, b: DocWrite) =>
    a.collection < b.collection
      ? -1
      : a.collection > b.collection
        ? 1
        : a.id < b.id
          ? -1
          : a.id > b.id
            ? 1
            : 0;
  const writers = new Map<string, TableWriter>();
  function tableWriter(target: Generation, collection: string): TableWriter {
    const name = physicalName(target, collection);
    let writer = writers.get(name);
    if (!writer) {
      const t = quote(name);
      writer = {
        upsert: db.prepare(
          `INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
        ),
        delete: db.prepare(`DELETE FROM ${t} WHERE id = ?`),
      };
      writers.set(name, writer);
    }
    return writer;
  }

  const commitTx = db.transaction(
    (
      target: Generation,
      writes: readonly DocWrite[],
      checkpoint: bigint,
      options: CommitOptions,
    ): boolean => {
      if (
        options.requireActive &&
        activeGeneration.get(target.projection)?.generation !== target.generation
      )
        return false;
      let collection = '';
      let table = '';
      let writer: TableWriter | undefined;
      // In key order a b-tree insert lands next to the previous one: far fewer page splits
      // and cache misses for the large batches rebuilds write.
      const ordered = writes.length > 1_000 ? [...writes].sort(byCollectionAndId) : writes;
      for (const write of ordered) {
        if (write.collection !== collection || !writer) {
          collection = write.collection;
          table = physicalName(target, collection);
          writer = tableWriter(target, collection);
        }
        if (write.doc) writer.upsert.run(write.id, JSON.stringify(write.doc));
        else writer.delete.run(write.id);
        reads.written(table, write.id, write.doc);
      }
      setCheckpoint.run(checkpoint, target.projection, target.generation);
      return true;
    },
  );

  const commits = new GroupCommit(db, commitTx.immediate);

  function dropGeneration(target: Generation): void {
    pointers.cache.clear();
    reads.clear();
    db.transaction(() => {
      if (activeGeneration.get(target.projection)?.generation === target.generation) {
        db.prepare('DELETE FROM rm_active WHERE projection = ?').run(target.projection);
      }
      dropTables(target);
    }).immediate();
  }

  const activateTx = db.transaction(
    (target: Generation, expectedActive: number | null | undefined) => {
      const current = activeGeneration.get(target.projection)?.generation ?? null;
      if (expectedActive !== undefined && current !== expectedActive) {
        throw new Error(
          `Projection ${target.projection} was switched to generation ${String(current)} meanwhile`,
        );
      }
      if (!generationRow.get(target.projection, target.generation))
        throw new Error(`Generation ${target.generation} of ${target.projection} does not exist`);
      db.prepare(
        'INSERT INTO rm_active (projection, generation) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET generation = excluded.generation',
      ).run(target.projection, target.generation);
      db.prepare(
        'UPDATE rm_generations SET activated = 1 WHERE projection = ? AND generation = ?',
      ).run(target.projection, target.generation);
      if (current !== null && current !== target.generation)
        dropTables({ projection: target.projection, generation: current, version: 0 });
    },
  );

  return {
    guarantees: { documentPositions: false },
    collection: <T extends Doc>(projection: string, name: string) =>
      reader<T>(() => cachedActive(projection), name),
    generationCollection: <T extends Doc>(target: Generation, name: string) =>
      reader<T>(() => target, name),

    async active(projection) {
      return resolveActive(projection);
    },

    async createGeneration(projection, version, collections, options = {}) {
      assertName('projection', projection);
      const target = db
        .transaction(() => {
          const row = db
            .prepare('SELECT max(generation) AS last FROM rm_generations WHERE projection = ?')
            .get(projection) as { last: number | null };
          const generation: Generation = { projection, generation: (row.last ?? 0) + 1, version };
          db.prepare(
            'INSERT INTO rm_generations (projection, generation, version, collections, owner, touched_at) VALUES (?, ?, ?, ?, ?, ?)',
          ).run(
            projection,
            generation.generation,
            version,
            JSON.stringify(collections.map((c) => c.name)),
            options.owner ?? 'rebuild',
            Date.now(),
          );
          createTables(generation, collections, !options.deferIndexes);
          return generation;
        })
        .immediate();
      return target;
    },

    async findRunnerBuild(projection, version) {
      const row = db
        .prepare<[string, number], { generation: number }>(
          "SELECT generation FROM rm_generations WHERE projection = ? AND version = ? AND owner = 'runner' AND activated = 0 AND dropped = 0 ORDER BY generation DESC LIMIT 1",
        )
        .get(projection, version);
      return row ? { projection, generation: row.generation, version } : undefined;
    },

    async ensureCollections(target, collections) {
      db.transaction(() => createTables(target, collections, true)).immediate();
    },

    async checkpoint(target) {
      return checkpointOf.get(target.projection, target.generation)?.checkpoint ?? undefined;
    },

    async load(target, collection, ids) {
      const result = new Map<string, Doc>();
      if (!ids.length) return result;
      const rows = prepare(
        `SELECT id, doc FROM ${tableOf(target, collection)} WHERE id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(ids)) as Array<{
        id: string;
        doc: string;
      }>;
      for (const row of rows) result.set(row.id, JSON.parse(row.doc) as Doc);
      return result;
    },

    commit(target, writes, checkpoint, options = {}) {
      return commits.commit(target, writes, checkpoint, options);
    },

    async activate(target, options = {}) {
      try {
        activateTx.immediate(target, options.expectedActive);
      } finally {
        pointers.cache.clear();
        reads.clear();
      }
    },

    async drop(target) {
      dropGeneration(target);
    },

    async touch(target) {
      db.prepare(
        'UPDATE rm_generations SET touched_at = ? WHERE projection = ? AND generation = ?',
      ).run(Date.now(), target.projection, target.generation);
    },

    async dropAbandoned(touchedBefore) {
      const abandoned = db
        .prepare<[number], Generation>(
          "SELECT projection, generation, version FROM rm_generations WHERE owner = 'rebuild' AND activated = 0 AND dropped = 0 AND touched_at < ?",
        )
        .all(touchedBefore);
      for (const target of abandoned) dropGeneration(target);
      return abandoned;
    },

    async collectionNames(target) {
      const row = generationRow.get(target.projection, target.generation);
      return row ? (JSON.parse(row.collections) as string[]) : [];
    },

    async recordDeadLetter(letter: DeadLetter) {
      db.prepare(
        'INSERT INTO rm_dead_letters (projection, generation, position, event_id, event_type, error, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(
        letter.projection,
        letter.generation,
        letter.position,
        letter.eventId,
        letter.eventType,
        letter.error,
        letter.at,
      );
    },

    async deadLetters(projection) {
      const rows = db
        .prepare(
          `SELECT projection, generation, position, event_id AS eventId, event_type AS eventType, error, at FROM rm_dead_letters${projection ? ' WHERE projection = ?' : ''} ORDER BY seq`,
        )
        .safeIntegers(true)
        .all(...(projection ? [projection] : [])) as Array<
        Omit<DeadLetter, 'generation'> & { generation: bigint }
      >;
      return rows.map((row) => ({ ...row, generation: Number(row.generation) }));
    },

    async close() {
      statements.clear();
    },
  };
}
