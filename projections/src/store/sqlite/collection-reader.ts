import type { Database, Statement } from 'better-sqlite3';
import { decodeCursor, encodeCursor } from '../cursor';
import { physicalName } from '../names';
import type {
  Doc,
  Filter,
  FindOptions,
  Generation,
  Page,
  ReadCollection,
  ReadModels,
  Scalar,
} from '../port';
import { withIdTieBreaker } from '../sort';
import { getPath } from '../update';
import type { ActivePointers } from './active-pointers';
import { asPromise } from './as-promise';
import { ROW, type StoredRow, type TableLayouts } from './columns';
import { afterSql, orderSql, whereSql, type SqlParam } from './sql-query';
import type { StatementCache } from './statement-cache';
import { quote } from './tables';
import type { SearchThreads } from './search-threads';
import { sqliteTextCollection } from './text-search';

/** LIMIT as a literal, not a bound parameter: SQLite runs these finds several times slower with `LIMIT ?`. */
function limitSql(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Invalid limit ${limit}`);
  return ` LIMIT ${limit}`;
}

/** Reader views: through the active pointer on every call, or of one generation. */
export function sqliteReaders(
  db: Database,
  statements: StatementCache,
  pointers: ActivePointers,
  layouts: TableLayouts,
  searchThreads?: SearchThreads,
): ReadModels {
  const tables = { db, statements, pointers, layouts };
  return {
    collection: <T extends Doc>(projection: string, name: string) =>
      retryingOnSwap(
        new CollectionReader<T>(tables, () => pointers.cached(projection), name),
        statements,
        pointers,
      ),
    generationCollection: <T extends Doc>(target: Generation, name: string) =>
      retryingOnSwap(new CollectionReader<T>(tables, () => target, name), statements, pointers),
    // The FTS5 table holds the documents matching the index's `where` only: nothing to repeat.
    textCollection: <T extends Doc>(projection: string, name: string) => {
      const texts = sqliteTextCollection<T>(
        db,
        statements,
        pointers,
        layouts,
        () => pointers.cached(projection),
        name,
        searchThreads,
      );
      return {
        search: retriedOnSwap(
          statements,
          pointers,
        )((query, options) => texts.search(query, options)),
      };
    },
  };
}

/**
 * A replay in another process may swap copies between resolving the pointer and reading the
 * table it named: the old table is gone, so resolve again once.
 */
function retriedOnSwap(statements: StatementCache, pointers: ActivePointers) {
  return <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      operation(...args).catch((error: unknown) => {
        if (!(error instanceof Error && /no such table/.test(error.message))) throw error;
        statements.clear();
        pointers.syncWithOtherConnections();
        return operation(...args);
      });
}

function retryingOnSwap<T extends Doc>(
  reader: ReadCollection<T>,
  statements: StatementCache,
  pointers: ActivePointers,
): ReadCollection<T> {
  const retried = retriedOnSwap(statements, pointers);
  return {
    get: retried((id) => reader.get(id)),
    find: retried((filter, options) => reader.find(filter, options)),
    count: retried((filter) => reader.count(filter)),
  };
}

/** What every reader shares: the connection, its statements, pointers and table layouts. */
interface Tables {
  db: Database;
  statements: StatementCache;
  pointers: ActivePointers;
  layouts: TableLayouts;
}

/** One collection's documents, read from the table of the generation `resolve` names. */
class CollectionReader<T extends Doc> implements ReadCollection<T> {
  /** The lookup by id of the last table read, prepared once for it (every read would build its SQL). */
  private byId: { physical: string; statement: Statement } | undefined;

  constructor(
    private readonly tables: Tables,
    private readonly resolve: () => Generation | undefined,
    private readonly name: string,
  ) {}

  get(id: string): Promise<T | undefined> {
    return asPromise(() => {
      const physical = this.table();
      if (!physical) return undefined;
      const cached = this.tables.pointers.reads.doc(physical, id) as T | null | undefined;
      const doc =
        cached !== undefined
          ? cached
          : this.remember(physical, id, this.lookup(physical).get(id) as StoredRow | undefined);
      return doc ?? undefined;
    });
  }

  find(filter?: Filter, options: FindOptions = {}): Promise<Page<T>> {
    return asPromise(() => {
      const physical = this.table();
      if (!physical) return { items: [] };
      const reads = this.tables.pointers.reads;
      const key = JSON.stringify([filter, options.sort, options.limit, options.after]);
      const cached = reads.page(physical, key);
      if (cached) return cached as Page<T>;
      const layout = this.tables.layouts.of(physical);
      const sort = withIdTieBreaker(options.sort);
      const params: SqlParam[] = [];
      const where = whereSql(filter, params, layout.names);
      if (options.after !== undefined)
        where.push(afterSql(sort, decodeCursor(options.after, sort.length), params, layout.names));
      let sql = `SELECT ${ROW}${layout.select} FROM ${quote(physical)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderSql(sort, layout.names)}`;
      if (options.limit !== undefined) sql += limitSql(options.limit);
      const rows = this.tables.statements
        .get(sql)
        .raw(true)
        .all(...params) as StoredRow[];
      let chars = 0;
      const items = rows.map((row) => {
        chars += (row[1] as string).length;
        return layout.assemble(row) as T;
      });
      const last = items[items.length - 1];
      const page: Page<T> = { items };
      if (last && options.limit !== undefined && items.length === options.limit) {
        page.next = encodeCursor(sort.map(([field]) => (getPath(last, field) ?? null) as Scalar));
      }
      if (!this.tables.db.inTransaction) reads.keepPage(physical, key, filter, page, chars);
      return page;
    });
  }

  count(filter?: Filter): Promise<number> {
    return asPromise(() => {
      const physical = this.table();
      if (!physical) return 0;
      const params: SqlParam[] = [];
      const where = whereSql(filter, params, this.tables.layouts.of(physical).names);
      const row = this.tables.statements
        .get(
          `SELECT count(*) AS n FROM ${quote(physical)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
        )
        .get(...params) as { n: number };
      return row.n;
    });
  }

  /** The physical table to read, after checking what other connections committed. */
  private table(): string | undefined {
    this.tables.pointers.syncWithOtherConnections();
    const target = this.resolve();
    return target ? physicalName(target, this.name) : undefined;
  }

  private lookup(physical: string): Statement {
    if (this.byId?.physical !== physical)
      this.byId = {
        physical,
        statement: this.tables.statements
          .get(
            `SELECT ${ROW}${this.tables.layouts.of(physical).select} FROM ${quote(physical)} WHERE id = ?`,
          )
          .raw(true),
      };
    return this.byId.statement;
  }

  /** The document read (null: there is none), kept for the next read. */
  private remember(physical: string, id: string, row: StoredRow | undefined): T | null {
    const doc = row ? (this.tables.layouts.of(physical).assemble(row) as T) : null;
    if (!this.tables.db.inTransaction)
      this.tables.pointers.reads.keepDoc(
        physical,
        id,
        doc,
        (row?.[1] as string | undefined)?.length ?? 0,
      );
    return doc;
  }
}
