import { MongoBulkWriteError, type AnyBulkWriteOperation, type Db } from 'mongodb';
import type { Doc, DocWrite, ReadModelWriter } from '../port';
import {
  documentsOf,
  DUPLICATE_KEY,
  fromStored,
  generationId,
  toLong,
  type MetaCollections,
  type StoredDoc,
} from './mongo-schema';
import { inSession, type Atomically } from './mongo-transactions';

/** A document kept where one has its id already (`ifAbsent`): set only when it is inserted. */
function onInsert(doc: Doc, position: ReturnType<typeof toLong>): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...doc, _pos: position };
  delete fields._id;
  return fields;
}

/**
 * Per collection, the writes as bulk operations that only change a document not at `position` yet.
 * Of the writes only where absent to one id, the first is kept: an unordered bulk write would not
 * say which of several upserts inserts.
 */
function guardedOps(writes: readonly DocWrite[]): Map<string, AnyBulkWriteOperation<StoredDoc>[]> {
  const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
  const insertedOnce = new Set<string>();
  for (const write of writes) {
    if (write.ifAbsent) {
      const key = `${write.collection}\u0000${write.id}`;
      if (insertedOnce.has(key)) continue;
      insertedOnce.add(key);
    }
    const position = toLong(write.position);
    // Only a document that has not seen this position yet may change.
    const filter = {
      _id: write.id,
      $or: [{ _pos: { $lt: position } }, { _pos: { $exists: false } }],
    };
    const op: AnyBulkWriteOperation<StoredDoc> = !write.doc
      ? { deleteOne: { filter } }
      : write.ifAbsent
        ? {
            updateOne: {
              filter: { _id: write.id },
              update: { $setOnInsert: onInsert(write.doc, position) },
              upsert: true,
            },
          }
        : { replaceOne: { filter, replacement: { ...write.doc, _pos: position }, upsert: true } };
    const ops = byCollection.get(write.collection) ?? [];
    ops.push(op);
    byCollection.set(write.collection, ops);
  }
  return byCollection;
}

/**
 * The runner's documents: loads a batch's documents with their `_pos`, and commits the batch with
 * the checkpoint, in one transaction on a replica set. Writes are guarded by `_pos`, so a
 * redelivered batch (no transaction on a standalone server, or a retried commit) is a no-op: a
 * duplicate-key error from a guarded upsert means the document already reflects a later event.
 */
export function mongoDocuments(
  db: Db,
  { actives, generations }: MetaCollections,
  atomically: Atomically,
): Pick<ReadModelWriter, 'load' | 'commit'> {
  return {
    async load(target, collection, ids) {
      const result = new Map<string, Doc>();
      if (!ids.length) return result;
      for (const doc of await documentsOf(db, target, collection)
        .find({ _id: { $in: [...ids] } })
        .toArray()) {
        result.set(doc._id, fromStored(doc));
      }
      return result;
    },

    async commit(target, writes, checkpoint, options = {}) {
      const byCollection = guardedOps(writes);
      return atomically(async (session) => {
        const withSession = inSession(session);
        if (
          options.requireActive &&
          (await actives.findOne({ _id: target.projection }, withSession))?.generation !==
            target.generation
        )
          return false;
        for (const [collection, ops] of byCollection) {
          try {
            await documentsOf(db, target, collection).bulkWrite(ops, {
              ordered: false,
              ...withSession,
            });
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
  };
}
