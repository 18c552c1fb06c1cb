import { MongoServerError, type ClientSession, type Db } from 'mongodb';
import { assertName, physicalName } from '../names';
import type { CollectionSpec, Generation, GenerationSteps, ReadModelWriter } from '../port';
import { withIdTieBreaker } from '../sort';
import {
  documentsOf,
  DUPLICATE_KEY,
  generationId,
  toBigInt,
  type MetaCollections,
} from './mongo-schema';
import { inSession, type Atomically } from './mongo-transactions';

/** The active generation of a projection, read through the pointer (in `session`, if given). */
export async function activeGeneration(
  meta: MetaCollections,
  projection: string,
  session?: ClientSession,
): Promise<Generation | undefined> {
  const active = await meta.actives.findOne({ _id: projection }, inSession(session));
  if (!active) return undefined;
  const row = await meta.generations.findOne(
    { _id: generationId({ projection, generation: active.generation }), dropped: false },
    inSession(session),
  );
  return row ? { projection, generation: row.generation, version: row.version } : undefined;
}

/**
 * The copies of each projection (`rm_generations`: version, collections, checkpoint, owner) and
 * the active-version pointers (`rm_active`). A pointer flips in a transaction; the old copy's
 * collections are dropped after it (collections cannot be dropped inside one).
 */
export function mongoGenerations(
  db: Db,
  meta: MetaCollections,
  atomically: Atomically,
): Pick<ReadModelWriter, GenerationSteps> {
  const { actives, generations } = meta;

  async function createIndexes(
    target: Generation,
    collections: readonly CollectionSpec[],
  ): Promise<void> {
    for (const spec of collections) {
      assertName('collection', spec.name);
      const collection = documentsOf(db, target, spec.name);
      for (const index of spec.indexes) {
        const keys: Record<string, 1 | -1> = {};
        for (const [field, direction] of withIdTieBreaker(index.fields)) keys[field] = direction;
        await collection.createIndex(
          keys,
          index.where ? { partialFilterExpression: { ...index.where } } : {},
        );
      }
      // MongoDB allows one text index per collection: English stems, partial on `where`.
      if (spec.text)
        await collection.createIndex(
          { [spec.text.field]: 'text' },
          {
            default_language: 'english',
            ...(spec.text.where ? { partialFilterExpression: { ...spec.text.where } } : {}),
          },
        );
    }
  }

  async function dropCollections(target: Generation): Promise<void> {
    const row = await generations.findOne({ _id: generationId(target) });
    for (const name of row?.collections ?? []) {
      await documentsOf(db, target, name)
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

  /** Registers the next generation number; another process may take it first, then the next. */
  async function allocate(
    projection: string,
    version: number,
    collections: readonly CollectionSpec[],
    owner: 'runner' | 'rebuild',
  ): Promise<Generation> {
    for (;;) {
      const last = await generations.find({ projection }).sort({ generation: -1 }).limit(1).next();
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
          owner,
          activated: false,
          touchedAt: Date.now(),
        });
        return target;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
    }
  }

  /** Moves the pointer to `target`; returns the generation it pointed at before. */
  function flip(target: Generation, expectedActive: number | null | undefined) {
    return atomically(async (session) => {
      const withSession = inSession(session);
      const current =
        (await actives.findOne({ _id: target.projection }, withSession))?.generation ?? null;
      if (expectedActive !== undefined && current !== expectedActive) {
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
  }

  return {
    active: (projection) => activeGeneration(meta, projection),

    async createGeneration(projection, version, collections, options = {}) {
      assertName('projection', projection);
      const target = await allocate(projection, version, collections, options.owner ?? 'rebuild');
      for (const spec of collections)
        await db.createCollection(physicalName(target, spec.name)).catch(() => undefined);
      if (!options.deferIndexes) await createIndexes(target, collections);
      return target;
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

    async activate(target, options = {}) {
      const previous = await flip(target, options.expectedActive);
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
  };
}
