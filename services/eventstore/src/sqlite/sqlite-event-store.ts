import type { Database } from 'better-sqlite3';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from '../port';
import { pagedLogStore } from '../paged-log-store';
import { openSqliteDatabase, type SqliteSync } from '@whosright/sqlite/database';
import { migrateEventsTable } from './schema';
import { closeSharedNotifier, sharedNotifier } from './change-notifier';
import { RecentEvents } from './recent-events';
import { ROW_JSON, rowDecoder } from './event-rows';
import { guarded } from './sqlite-errors';
import { appendAnnouncer } from './announce-appends';
import type { InTransactionStep } from './in-transaction';
import { sqliteAppends } from './sqlite-appends';
import { streamReads } from './stream-reads';
import { logReads } from './log-reads';

export type SqliteEventStoreOptions = (
  { database: Database; file?: never } | { file: string; database?: never }
) & {
  catalog: EventCatalog;
  /** Only used when the store opens the file itself. */
  sync?: SqliteSync;
  /** How often subscriptions look for appends made by other processes. */
  pollIntervalMs?: number;
};

/**
 * The event store on one SQLite connection, its own file's or one it shares with the read-model
 * store (which it then leaves open): appends in transactions, announced to subscriptions; reads
 * of a stream or of the log, a page at a time; subscriptions woken by this connection's appends
 * and by polling for other processes'.
 */
export interface SqliteEventStore extends EventStore {
  /**
   * Runs `step` inside every later append's transaction, with the events it wrote (the embedded
   * mode projects them there). One step at a time; a later call replaces it.
   */
  stepInAppends(step: InTransactionStep): void;
  eventsById: NonNullable<EventStore['eventsById']>;
}

export function createSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  const ownsDatabase = options.database === undefined;
  const db =
    options.database ?? openSqliteDatabase(options.file, { sync: options.sync ?? 'normal' });
  migrateEventsTable(db);
  const notifier = sharedNotifier(db, options.pollIntervalMs ?? 50);
  const recent = new RecentEvents();
  const decode = rowDecoder(options.catalog);
  let inTransaction: InTransactionStep | undefined;
  const writes = sqliteAppends(
    db,
    options.catalog,
    appendAnnouncer(db, recent, notifier),
    () => inTransaction,
  );
  const byIds = db
    .prepare<[string], string>(
      `SELECT ${ROW_JSON} FROM events WHERE id IN (SELECT value FROM json_each(?)) ORDER BY position`,
    )
    .pluck();
  const store = pagedLogStore({
    writes,
    readStream: streamReads(db, decode),
    log: {
      ...logReads(db, decode, recent),
      byIds: (ids) => guarded(() => byIds.all(JSON.stringify(ids))).map(decode),
    },
    changes: notifier,
    release() {
      if (ownsDatabase) {
        closeSharedNotifier(db);
        db.close();
      }
      return Promise.resolve();
    },
  });
  return {
    ...store,
    stepInAppends(step) {
      inTransaction = step;
    },
  };
}
