import {
  Long,
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
import { decodeCursor, encodeCursor } from '../cursor';
import { assertName, physicalName } from '../names';
import type {
  CollectionSpec,
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
import { afterFilter, mongoFilter, mongoSort } from './mongo-query';

export interface MongoReadStoreOptions {
  /** MONGO_URL; ignored when `client` is given. */
  url?: string;
  client?: MongoClient;
  dbName?: string;
}

interface ActiveDoc {
  _id: string;
  generation: number;
}

interface GenerationDoc {
  _id: string;
  projection: string;
  generation: number;
  version: number;
  collections: string[];
  checkpoint: Long | null;
  dropped: boolean;
  owner: 'runner' | 'rebuild';
  activated: boolean;
  /** Epoch ms a rebuild last marked it as being built; absent on builds from before. */
  touchedAt?: number;
}

interface DeadLetterDoc extends Omit<DeadLetter, 'position'> {
  position: Long;
}

interface StoredDoc extends Document {
  _id: string;
}

const DUPLICATE_KEY = 11000;

const toLong = (value: bigint) => Long.fromBigInt(value);
const toBigInt = (value: unknown): bigint | undefined =>
  value instanceof Long ? value.toBigInt() : typeof value === 'number' ? BigInt(value) : undefined;

/** A document as projectors see it: `_pos` (the last applied position) as a bigint. */
function fromStored(doc: Document): Doc {
  const position = toBigInt(doc._pos);
  return { ...(doc as Doc), ...(position !== undefined ? { _pos: position } : {}) };
}

/**
 * Read models in MongoDB (scale mode, MONGO_URL): one collection per read-model collection and
 * generation, indexes created up front, majority writes. A batch's documents and its checkpoint
 * commit in one transaction on a replica set; every document also carries the position of the
 * last event applied to it (`_pos`) and writes are guarded by it, so a redelivered batch (no
 * transaction on a standalone server, or a retried commit) is a no-op: a duplicate-key error
 * from a guarded upsert means the document already reflects a later event.
 */
export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const owned = !options.client;
  const client =
    options.client ??
    new MongoClient(requireUrl(options.url), {
      writeConcern: { w: 'majority' },
      readConcern: { level: 'majority' },
    });
  if (owned) await client.connect();
  const db: Db = client.db(options.dbName ?? 'whosright');
  const actives = db.collection<ActiveDoc>('rm_active');
  const generations = db.collection<GenerationDoc>('rm_generations');
  const deadLetterCollection = db.collection<DeadLetterDoc>('rm_dead_letters');
  await generations.createIndex({ projection: 1, generation: -1 });
  await deadLetterCollection.createIndex({ projection: 1, position: 1 });
  // Builds from before touchedAt count as touched now: one still running gets its full grace.
  await generations.updateMany(
    { touchedAt: { $exists: false } },
    { $set: { touchedAt: Date.now() } },
  );
  const hello = await db.admin().command({ hello: 1 });
  const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';

  const generationId = (target: Pick<Generation, 'projection' | 'generation'>) =>
    `${target.projection}:${target.generation}`;
  const docs = (target: Generation, collection: string): Collection<StoredDoc> =>
    db.collection<StoredDoc>(physicalName(target, collection));

  async function resolveActive(
    projection: string,
    session?: ClientSession,
  ): Promise<Generation | undefined> {
    const active = await actives.findOne({ _id: projection }, session ? { session } : {});
    if (!active) return undefined;
    const row = await generations.findOne(
      { _id: generationId({ projection, generation: active.generation }), dropped: false },
      session ? { session } : {},
    );
    return row ? { projection, generation: row.generation, version: row.version } : undefined;
  }

  function reader<T extends Doc>(
    resolve: () => Promise<Generation | undefined>,
    name: string,
  ): ReadCollection<T> {
    const collection = async () => {
      const target = await resolve();
      return target ? docs(target, name) : undefined;
    };
    const projection = { _pos: 0 };
    return {
      async get(id) {
        const c = await collection();
        return ((await c?.findOne({ _id: id }, { projection })) ?? undefined) as T | undefined;
      },
      async find(filter?: Filter, options: FindOptions = {}): Promise<Page<T>> {
        const c = await collection();
        if (!c) return { items: [] };
        const sort = withIdTieBreaker(options.sort);
        let query = mongoFilter(filter);
        if (options.after !== undefined)
          query = { $and: [query, afterFilter(sort, decodeCursor(options.after, sort.length))] };
        let cursor = c.find(query, { projection, sort: mongoSort(sort) });
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

  async function createIndexes(
    target: Generation,
    collections: readonly CollectionSpec[],
  ): Promise<void> {
    for (const spec of collections) {
      assertName('collection', spec.name);
      const collection = docs(target, spec.name);
      for (const index of spec.indexes) {
        const keys: Record<string, 1 | -1> = {};
        for (const [field, direction] of withIdTieBreaker(index.fields)) keys[field] = direction;
        await collection.createIndex(keys, { unique: index.unique === true });
      }
    }
  }

  async function dropCollections(target: Generation): Promise<void> {
    const row = await generations.findOne({ _id: generationId(target) });
    for (const name of row?.collections ?? []) {
      await docs(target, name)
        .drop()
        .catch((error: unknown) => {
          if (!(error instanceof MongoServerError && error.codeName === 'NamespaceNotFound'))
            throw error;
        });
    }
    await generations.updateOne({ _id: generationId(target) }, { $set: { dropped: true } });
  }

  async function dropGeneration(target: Generation): Promise<void> {
    await actives.deleteOne({ _id: target.projection, generation: target.generation });
    await dropCollections(target);
  }

  /** Runs `work` in a transaction on a replica set, directly on a standalone server. */
  async function atomically<T>(
    work: (session: ClientSession | undefined) => Promise<T>,
  ): Promise<T> {
    if (!transactions) return work(undefined);
    const session = client.startSession();
    try {
      return await session.withTransaction(() => work(session), {
        writeConcern: { w: 'majority' },
        readConcern: { level: 'snapshot' },
      });
    } finally {
      await session.endSession();
    }
  }

  function guardedOps(
    writes: readonly DocWrite[],
  ): Map<string, AnyBulkWriteOperation<StoredDoc>[]> {
    const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
    for (const write of writes) {
      const position = toLong(write.position);
      // Only a document that has not seen this position yet may change.
      const filter = {
        _id: write.id,
        $or: [{ _pos: { $lt: position } }, { _pos: { $exists: false } }],
      };
      const op: AnyBulkWriteOperation<StoredDoc> = write.doc
        ? { replaceOne: { filter, replacement: { ...write.doc, _pos: position }, upsert: true } }
        : { deleteOne: { filter } };
      const ops = byCollection.get(write.collection) ?? [];
      ops.push(op);
      byCollection.set(write.collection, ops);
    }
    return byCollection;
  }

  return {
    guarantees: { documentPositions: true },
    collection: <T extends Doc>(projection: string, name: string) =>
      reader<T>(() => resolveActive(projection), name),
    generationCollection: <T extends Doc>(target: Generation, name: string) =>
      reader<T>(async () => target, name),

    active: (projection) => resolveActive(projection),

    async createGeneration(projection, version, collections, options = {}) {
      assertName('projection', projection);
      for (;;) {
        const last = await generations
          .find({ projection })
          .sort({ generation: -1 })
          .limit(1)
          .next();
        const target: Generation = { projection, generation: (last?.generation ?? 0) + 1, version };
        try {
          await generations.insertOne({
            _id: generationId(target),
            projection,
            generation: target.generation,
            version,
            collections: collections.map((c) => c.name),
            checkpoint: null,
            dropped: false,
            owner: options.owner ?? 'rebuild',
            activated: false,
            touchedAt: Date.now(),
          });
        } catch (error) {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) continue; // another process took that number
          throw error;
        }
        for (const spec of collections)
          await db.createCollection(physicalName(target, spec.name)).catch(() => undefined);
        if (!options.deferIndexes) await createIndexes(target, collections);
        return target;
      }
    },

    async findRunnerBuild(projection, version) {
      const row = await generations
        .find({ projection, version, owner: 'runner', activated: false, dropped: false })
        .sort({ generation: -1 })
        .limit(1)
        .next();
      return row ? { projection, generation: row.generation, version } : undefined;
    },

    ensureCollections: (target, collections) => createIndexes(target, collections),

    async checkpoint(target) {
      const row = await generations.findOne({ _id: generationId(target) });
      return row?.checkpoint == null ? undefined : toBigInt(row.checkpoint);
    },

    async load(target, collection, ids) {
      const result = new Map<string, Doc>();
      if (!ids.length) return result;
      for (const doc of await docs(target, collection)
        .find({ _id: { $in: [...ids] } })
        .toArray()) {
        result.set(doc._id, fromStored(doc));
      }
      return result;
    },

    async commit(target, writes, checkpoint, options = {}) {
      const byCollection = guardedOps(writes);
      return atomically(async (session) => {
        const withSession = session ? { session } : {};
        if (
          options.requireActive &&
          (await actives.findOne({ _id: target.projection }, withSession))?.generation !==
            target.generation
        )
          return false;
        for (const [collection, ops] of byCollection) {
          try {
            await docs(target, collection).bulkWrite(ops, { ordered: false, ...withSession });
          } catch (error) {
            // In a transaction the batch is all or nothing: abort, and the runner retries from
            // its checkpoint (reloading `_pos`). Without one, guarded upserts that hit an
            // existing, newer document mean "already applied".
            if (session) throw error;
            const writeErrors =
              error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : undefined;
            if (!writeErrors?.length || writeErrors.some((e) => e.code !== DUPLICATE_KEY))
              throw error;
          }
        }
        await generations.updateOne(
          { _id: generationId(target) },
          { $max: { checkpoint: toLong(checkpoint) } },
          withSession,
        );
        return true;
      });
    },

    async activate(target, options = {}) {
      const previous = await atomically(async (session) => {
        const withSession = session ? { session } : {};
        const current =
          (await actives.findOne({ _id: target.projection }, withSession))?.generation ?? null;
        if (options.expectedActive !== undefined && current !== options.expectedActive) {
          throw new Error(
            `Projection ${target.projection} was switched to generation ${String(current)} meanwhile`,
          );
        }
        if (
          !(await generations.findOne({ _id: generationId(target), dropped: false }, withSession))
        ) {
          throw new Error(`Generation ${target.generation} of ${target.projection} does not exist`);
        }
        await actives.updateOne(
          { _id: target.projection },
          { $set: { generation: target.generation } },
          { upsert: true, ...withSession },
        );
        await generations.updateOne(
          { _id: generationId(target) },
          { $set: { activated: true } },
          withSession,
        );
        return current;
      });
      // Collections cannot be dropped inside a transaction; readers already moved on.
      if (previous !== null && previous !== target.generation)
        await dropCollections({ projection: target.projection, generation: previous, version: 0 });
    },

    drop: dropGeneration,

    async touch(target) {
      await generations.updateOne(
        { _id: generationId(target) },
        { $set: { touchedAt: Date.now() } },
      );
    },

    async dropAbandoned(touchedBefore) {
      const abandoned = await generations
        .find({
          owner: 'rebuild',
          activated: false,
          dropped: false,
          touchedAt: { $lt: touchedBefore },
        })
        .toArray();
      const dropped: Generation[] = [];
      for (const row of abandoned) {
        const target = {
          projection: row.projection,
          generation: row.generation,
          version: row.version,
        };
        await dropGeneration(target);
        dropped.push(target);
      }
      return dropped;
    },

    async collectionNames(target) {
      return (
        (await generations.findOne({ _id: generationId(target), dropped: false }))?.collections ??
        []
      );
    },

    async recordDeadLetter(letter) {
      await deadLetterCollection.insertOne({ ...letter, position: toLong(letter.position) });
    },

    async deadLetters(projection) {
      const rows = await deadLetterCollection
        .find(projection ? { projection } : {}, { projection: { _id: 0 } })
        .sort({ _id: 1 })
        .toArray();
      return rows.map((row) => ({ ...row, position: toBigInt(row.position) ?? 0n }));
    },

    async close() {
      if (owned) await client.close();
    },
  };
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('MONGO_URL is required for the MongoDB read-model store');
  if (!/^mongodb(\+srv)?:\/\//.test(url))
    throw new Error(`MONGO_URL must start with mongodb:// or mongodb+srv://, got "${url}"`);
  return url;
}
