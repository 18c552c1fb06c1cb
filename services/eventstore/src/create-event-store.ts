import type { Database } from 'better-sqlite3';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from './port';
import { createKurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { createSqliteEventStore } from './sqlite/sqlite-event-store';
import type { SqliteSync } from './sqlite/database';

export interface EventStoreConfig {
  catalog: EventCatalog;
  /** EVENTSTORE_URL: when set, KurrentDB / EventStoreDB; otherwise the embedded SQLite store. */
  eventstoreUrl?: string | undefined;
  /** The shared SQLite connection (see openSqliteDatabase), or a file to open. */
  sqlite: { database: Database } | { file: string; sync?: SqliteSync };
}

/** Picks the adapter from configuration only (DESIGN.md 2); nothing else knows which one runs. */
export function createEventStore(config: EventStoreConfig): EventStore {
  if (config.eventstoreUrl)
    return createKurrentDbEventStore({ url: config.eventstoreUrl, catalog: config.catalog });
  return 'database' in config.sqlite
    ? createSqliteEventStore({ database: config.sqlite.database, catalog: config.catalog })
    : createSqliteEventStore({
        file: config.sqlite.file,
        catalog: config.catalog,
        sync: config.sqlite.sync ?? 'normal',
      });
}
