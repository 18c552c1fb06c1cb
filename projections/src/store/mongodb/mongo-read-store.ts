import { MongoClient } from 'mongodb';
import type { ReadStore } from '../port';
import { mongoReaders } from './mongo-collection-reader';
import { mongoDeadLetters } from './mongo-dead-letters';
import { mongoDocuments } from './mongo-documents';
import { mongoGenerations } from './mongo-generations';
import { metaCollections, prepareMetaCollections } from './mongo-schema';
import { atomicallyOn } from './mongo-transactions';

export interface MongoReadStoreOptions {
  /** MONGO_URL; ignored when `client` is given. */
  url?: string;
  client?: MongoClient;
  dbName?: string;
}

/**
 * Read models in MongoDB (scale mode, MONGO_URL): one collection per read-model collection and
 * generation, indexes created up front, majority writes. A batch's documents and its checkpoint
 * commit in one transaction on a replica set; every document also carries the position of the
 * last event applied to it (`_pos`) and writes are guarded by it (see `mongoDocuments`).
 * Column fields (`CollectionSpec.columns`) stay in the documents: MongoDB changes only the index
 * entries whose keys changed, which is what SQLite's columns are for.
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
  const db = client.db(options.dbName ?? 'whosright');
  const meta = metaCollections(db);
  await prepareMetaCollections(meta);
  const atomically = await atomicallyOn(client, db);
  return {
    guarantees: { documentPositions: true },
    ...mongoReaders(db, meta),
    ...mongoGenerations(db, meta, atomically),
    ...mongoDocuments(db, meta, atomically),
    ...mongoDeadLetters(meta),
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
