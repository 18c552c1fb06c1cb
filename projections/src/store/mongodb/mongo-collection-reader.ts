import type { Db } from 'mongodb';
import { decodeCursor, encodeCursor } from '../cursor';
import type {
  Doc,
  Filter,
  FindOptions,
  Generation,
  Page,
  ReadCollection,
  ReadModels,
  Scalar,
  TextIndexSpec,
} from '../port';
import { withIdTieBreaker } from '../sort';
import { getPath } from '../update';
import { activeGeneration } from './mongo-generations';
import { afterFilter, mongoFilter, mongoSort } from './mongo-query';
import { documentsOf, type MetaCollections } from './mongo-schema';
import { mongoTextCollection } from './mongo-text-search';

/** Documents as readers see them: without the runner's `_pos`. */
const withoutPosition = { _pos: 0 };

function reader<T extends Doc>(
  db: Db,
  resolve: () => Promise<Generation | undefined>,
  name: string,
): ReadCollection<T> {
  const collection = async () => {
    const target = await resolve();
    return target ? documentsOf(db, target, name) : undefined;
  };
  return {
    async get(id) {
      const c = await collection();
      return ((await c?.findOne({ _id: id }, { projection: withoutPosition })) ?? undefined) as
        T | undefined;
    },
    async find(filter?: Filter, options: FindOptions = {}): Promise<Page<T>> {
      const c = await collection();
      if (!c) return { items: [] };
      const sort = withIdTieBreaker(options.sort);
      let query = mongoFilter(filter);
      if (options.after !== undefined)
        query = { $and: [query, afterFilter(sort, decodeCursor(options.after, sort.length))] };
      let cursor = c.find(query, { projection: withoutPosition, sort: mongoSort(sort) });
      if (options.limit !== undefined) cursor = cursor.limit(options.limit);
      const items = (await cursor.toArray()) as unknown as T[];
      const last = items[items.length - 1];
      const page: Page<T> = { items };
      if (last && options.limit !== undefined && items.length === options.limit) {
        page.next = encodeCursor(sort.map(([field]) => (getPath(last, field) ?? null) as Scalar));
      }
      return page;
    },
    async count(filter?: Filter) {
      const c = await collection();
      return c ? c.countDocuments(mongoFilter(filter)) : 0;
    },
  };
}

/** Reader views: through the active pointer on every call, or of one generation. */
export function mongoReaders(db: Db, meta: MetaCollections): ReadModels {
  return {
    collection: <T extends Doc>(projection: string, name: string) =>
      reader<T>(db, () => activeGeneration(meta, projection), name),
    generationCollection: <T extends Doc>(target: Generation, name: string) =>
      reader<T>(db, () => Promise.resolve(target), name),
    textCollection: <T extends Doc>(projection: string, name: string, index: TextIndexSpec) =>
      mongoTextCollection<T>(db, () => activeGeneration(meta, projection), name, index),
  };
}
