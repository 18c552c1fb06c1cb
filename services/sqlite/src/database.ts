import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteSync = 'normal' | 'full';

export interface SqliteDatabaseOptions {
  /** 'normal' survives a process crash; 'full' also survives power loss (fsync per commit). */
  sync?: SqliteSync;
  /** How long a writer waits for another connection's lock before failing. */
  busyTimeoutMs?: number;
}

/** 'full' when SQLITE_SYNC=full, otherwise 'normal'; a bad value fails fast. */
export function syncFromEnv(value: string | undefined = process.env.SQLITE_SYNC): SqliteSync {
  if (value === undefined || value === '' || value === 'normal') return 'normal';
  if (value === 'full') return 'full';
  throw new Error(`SQLITE_SYNC must be "normal" or "full", got "${value}"`);
}

/**
 * Opens the one SQLite connection a process shares between the event store and the read-model
 * store (same file): WAL so readers never block the writer, a busy timeout so a second process
 * (an admin CLI) waits for the write lock instead of failing with "database is locked".
 */
export function openSqliteDatabase(
  file: string,
  options: SqliteDatabaseOptions = {},
): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 10_000)}`);
  db.pragma(`synchronous = ${options.sync === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  // Keep the WAL from growing without bound under a steady write load.
  db.pragma('wal_autocheckpoint = 1000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -32000');
  return db;
}
