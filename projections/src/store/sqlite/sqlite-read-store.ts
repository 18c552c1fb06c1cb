import type { Database } from 'better-sqlite3';
import type { ReadStore } from '../port';
import { ActivePointers } from './active-pointers';
import { sqliteReaders } from './collection-reader';
import { TableLayouts } from './columns';
import { sqliteDeadLetters } from './dead-letters';
import { sqliteDocuments } from './documents';
import { sqliteGenerations } from './generations';
import { createMetaTables } from './schema';
import { startSearchThreads } from './search-threads';
import { StatementCache } from './statement-cache';

export interface SqliteReadStoreOptions {
  /** The connection the event store uses: read-model batches and checkpoints commit in its transactions. */
  database: Database;
  /**
   * Size of the connection's read cache in characters of document JSON (default 16 million,
   * about 15 MB of heap); the first store opened on a connection sets it.
   */
  readCacheChars?: number;
  /**
   * Threads that run text searches on connections of their own (a file database only; default
   * none: searches run on this connection).
   */
  searchThreads?: number;
}

/**
 * Read models as JSON documents in the event store's SQLite file: one table per collection and
 * generation (see `tables.ts`), a collection's column fields in typed columns beside the JSON
 * (`columns.ts`), bookkeeping tables beside them (`schema.ts`). A batch's documents
 * and its checkpoint commit in one transaction, so nothing is ever applied twice.
 */
export function createSqliteReadStore({
  database: db,
  readCacheChars = 16_000_000,
  searchThreads: threadCount = 0,
}: SqliteReadStoreOptions): ReadStore {
  createMetaTables(db);
  const statements = new StatementCache(db);
  const pointers = ActivePointers.of(db, readCacheChars);
  const layouts = new TableLayouts(db);
  const { checkpointNow, ...generations } = sqliteGenerations(db, pointers, layouts, () => {
    statements.clear();
    layouts.clear();
  });
  const { inTransaction, ...documents } = sqliteDocuments(db, statements, pointers, layouts);
  const searchThreads =
    threadCount > 0 && !db.memory ? startSearchThreads(db.name, threadCount) : undefined;
  return {
    guarantees: { documentPositions: false },
    ...sqliteReaders(db, statements, pointers, layouts, searchThreads),
    ...generations,
    ...documents,
    inTransaction: { ...inTransaction, checkpoint: checkpointNow },
    ...sqliteDeadLetters(db),
    async close() {
      statements.clear();
      layouts.clear();
      await searchThreads?.close();
    },
  };
}
