import type { EventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore, ForgettingLog } from '@whosright/eventstore/port';
import { startBackgroundCheckpoints } from '@whosright/eventstore/sqlite/background-checkpoints';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { forgettingEventStore } from '@whosright/eventstore/forgetting/forgetting-event-store';
import type { ReadStore } from '@whosright/projections/store/port';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import type { DatabaseConfig } from '#api/platform/config';
import { openPostgresStores } from './postgres-stores';

/** What `npm run replay` reads and writes: the log as people may see it, and the read models. */
export interface ReplayStores {
  log: ForgettingLog;
  readStore: ReadStore;
  close(): Promise<void>;
}

/** The log through the forgetting decorator, the read store, and what closing them also ends. */
function replayStoresOver(
  eventStore: EventStore,
  readStore: ReadStore,
  catalog: EventCatalog,
  alsoOnClose: () => Promise<void> | void = () => undefined,
): ReplayStores {
  const log = forgettingEventStore(eventStore, { catalog });
  return {
    log,
    readStore,
    async close() {
      await log.close();
      await readStore.close();
      await alsoOnClose();
    },
  };
}

/**
 * Opens the embedded database `file` for a replay. The log is read through the forgetting
 * decorator: deleted members' personal fields are forgotten on the way into every read model.
 */
export function openReplayStores(file: string, catalog: EventCatalog): ReplayStores {
  const database = openSqliteDatabase(file);
  // As the server opens it: commits never stall on a checkpoint's fsyncs.
  const checkpoints = startBackgroundCheckpoints(database);
  return replayStoresOver(
    createSqliteEventStore({ database, catalog }),
    createSqliteReadStore({ database }),
    catalog,
    async () => {
      await checkpoints.stop();
      database.close();
    },
  );
}

/** The PostgreSQL database DATABASE_URL names, for a replay (a ConfigError when unusable). */
export async function openPostgresReplayStores(
  database: DatabaseConfig,
  catalog: EventCatalog,
): Promise<ReplayStores> {
  const { eventStore, readStore } = await openPostgresStores(database, catalog);
  return replayStoresOver(eventStore, readStore, catalog);
}
