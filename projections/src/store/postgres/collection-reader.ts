import type { Pool } from 'pg';
import { decodeCursor, encodeCursor } from '../cursor';
import type {
  Doc,
  Generation,
  Page,
  ReadCollection,
  ReadModels,
  Scalar,
  TextIndexSpec,
} from '../port';
import { withIdTieBreaker } from '../sort';
import { getPath } from '../update';
import { ROW, type TableLayouts } from './columns';
import type { ActivePointers } from './active-pointers';
import { GetsById } from './gets-by-id';
import { named } from './named';
import { SameReads } from './same-reads';
import { SqlQuery } from './sql-query';
import { quote, tableOf } from './tables';
import { postgresTextCollection } from './text-search';

/**
 * A flip in another process may drop the table a reader resolved a moment before: the read then
 * finds no such table (or waited for the drop's lock and cannot open it), and resolves again once.
 */
const GONE = /does not exist|could not open relation/;

export interface Resolver {
  resolve(): Promise<Generation | undefined>;
  /** The generation resolved is gone: the next resolve asks again. */
  stale(): void;
}

/** Runs `read` on the table of the generation `target` names, or answers `none` without one. */
export function onTableOf(target: Resolver, name: string) {
  return async function onTable<R>(none: R, read: (table: string) => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const generation = await target.resolve();
      if (!generation) return none;
      try {
        return await read(tableOf(generation, name));
      } catch (error) {
        if (attempt > 0 || !(error instanceof Error && GONE.test(error.message))) throw error;
        target.stale();
      }
    }
  };
}

function reader<T extends Doc>(
  pool: Pool,
  layouts: TableLayouts,
  gets: GetsById,
  same: SameReads,
  target: Resolver,
  name: string,
): ReadCollection<T> {
  const onTable = onTableOf(target, name);

  return {
    get: (id) =>
      onTable(undefined, async (table) => {
        const layout = await layouts.of(table);
        const row = await gets.get(table, `${ROW}${layout.select}`, id);
        return row ? (layout.assemble(row) as T) : undefined;
      }),

    find: (filter, options = {}) =>
      onTable<Page<T>>({ items: [] }, async (table) => {
        const layout = await layouts.of(table);
        const sort = withIdTieBreaker(options.sort);
        const query = new SqlQuery(layout);
        const where = query.where(filter);
        if (options.after !== undefined)
          where.push(query.after(sort, decodeCursor(options.after, sort.length)));
        let text = `SELECT ${ROW}${layout.select} FROM ${quote(table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${query.order(sort)}`;
        if (options.limit !== undefined) text += ` LIMIT $${query.params.push(options.limit)}`;
        const items = (await same.rows(text, query.params)).map((row) => layout.assemble(row) as T);
        const last = items[items.length - 1];
        const page: Page<T> = { items };
        if (last && options.limit !== undefined && items.length === options.limit)
          page.next = encodeCursor(sort.map(([field]) => (getPath(last, field) ?? null) as Scalar));
        return page;
      }),

    count: (filter) =>
      onTable(0, async (table) => {
        const query = new SqlQuery(await layouts.of(table));
        const where = query.where(filter);
        const { rows: counted } = await pool.query<[string]>(
          named(
            `SELECT count(*) FROM ${quote(table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
            query.params,
          ),
        );
        return Number(counted[0]![0]);
      }),
  };
}

/** Reader views: through the active pointer (kept while flips are heard), or of one generation. */
export function postgresReaders(
  pool: Pool,
  layouts: TableLayouts,
  pointers: ActivePointers,
): ReadModels {
  const gets = new GetsById(pool);
  const same = new SameReads(pool);
  const activeOf = (projection: string): Resolver => ({
    resolve: () => pointers.active(projection),
    stale: () => pointers.forget(projection),
  });
  return {
    collection: <T extends Doc>(projection: string, name: string) =>
      reader<T>(pool, layouts, gets, same, activeOf(projection), name),
    textCollection: <T extends Doc>(projection: string, name: string, index: TextIndexSpec) =>
      postgresTextCollection<T>(pool, layouts, onTableOf(activeOf(projection), name), index),
    generationCollection: <T extends Doc>(generation: Generation, name: string) =>
      reader<T>(
        pool,
        layouts,
        gets,
        same,
        { resolve: () => Promise.resolve(generation), stale: () => undefined },
        name,
      ),
  };
}
