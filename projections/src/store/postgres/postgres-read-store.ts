import pg from 'pg';
import type { ReadStore } from '../port';
import { ActivePointers } from './active-pointers';
import { postgresReaders } from './collection-reader';
import { TableLayouts } from './columns';
import { postgresDeadLetters } from './dead-letters';
import { postgresDocuments } from './documents';
import { postgresGenerations } from './generations';
import { inTransaction, prepareDatabase } from './schema';

export interface PostgresReadStoreOptions {
  /** `postgres://user:password@host:port/database`; the database must sort strings by code point. */
  connectionString: string;
  /** Connections the store's pool opens at most (default 10). */
  poolSize?: number;
  /** TLS, as node-postgres takes it: `true`, or `{ ca, rejectUnauthorized, ... }`. */
  ssl?: pg.ClientConfig['ssl'];
}

/** jsonb as its text: `assemble` parses a document where its reader wants it. */
const JSONB: number = pg.types.builtins.JSONB;
const asText = (value: string) => value;
const documentsAsText = ((oid: number, format?: 'text' | 'binary'): unknown =>
  oid === JSONB
    ? asText
    : (pg.types.getTypeParser(oid, format) as unknown)) as pg.CustomTypesConfig['getTypeParser'];

/**
 * Read models in PostgreSQL: one table per collection and generation, documents as jsonb beside
 * their column fields in typed columns, the declared indexes on the expressions the queries use
 * (`tables.ts`, `sql-query.ts`), bookkeeping tables beside them (`schema.ts`). A batch's
 * documents and its checkpoint commit in one transaction, so nothing is ever applied twice.
 */
export async function openPostgresReadStore(options: PostgresReadStoreOptions): Promise<ReadStore> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    ...(options.ssl !== undefined ? { ssl: options.ssl } : {}),
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    // Documents and checkpoint commit together and the log is the truth: a commit lost in a crash
    // is applied again from the checkpoint before it, so none waits for its WAL flush. A flip
    // does (`inTransaction`), and so flushes every commit before it.
    options: '-c synchronous_commit=off',
    // Documents arrive as their JSON text, parsed into each reader's own object by `assemble`:
    // readers who share a row (reads of one turn) then share nothing they could change.
    types: { getTypeParser: documentsAsText },
  });
  // A connection that fails while idle in the pool is dropped by it; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await inTransaction(pool, prepareDatabase);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const layouts = new TableLayouts(pool);
  const pointers = new ActivePointers(pool, {
    connectionString: options.connectionString,
    ...(options.ssl !== undefined ? { ssl: options.ssl } : {}),
  });
  return {
    guarantees: { documentPositions: false },
    ...postgresReaders(pool, layouts, pointers),
    ...postgresGenerations(pool, layouts),
    ...postgresDocuments(pool, layouts),
    ...postgresDeadLetters(pool),
    close: async () => {
      await pointers.close();
      await pool.end();
    },
  };
}
