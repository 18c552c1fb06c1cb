import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import type { EventStore, ForgettingLog } from '@whosright/eventstore/port';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import {
  startBackgroundCheckpoints,
  type BackgroundCheckpoints,
} from '@whosright/eventstore/sqlite/background-checkpoints';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@whosright/eventstore/sqlite/sqlite-event-store';
import { createKurrentDbEventStore } from '@whosright/eventstore/kurrentdb/kurrentdb-event-store';
import { forgettingEventStore } from '@whosright/eventstore/forgetting/forgetting-event-store';
import type { ReadStore } from '@whosright/projections/store/port';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import {
  createProjectionRunner,
  type CommittedListener,
  type ProjectionRunner,
} from '@whosright/projections/runner/projection-runner';
import { readModels } from '@whosright/projections/read-models';
import { dropAbandonedCopies } from '@whosright/projections/runner/rebuild';
import { createRedisLeaseManager } from '@whosright/projections/runner/lease/redis-lease';
import { createInProcessLeaseManager } from '@whosright/projections/runner/lease/in-process-lease';
import type { LeaseManager } from '@whosright/projections/runner/lease/port';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { connectRedis, redisOutageLog } from '#api/platform/redis/redis-connection';
import { openPostgresStores } from './postgres-stores';

export const SQLITE_FILE = 'whosright.sqlite';

export interface Stores {
  eventStore: EventStore;
  /**
   * The log as read models and people see it: the same store, read-only, with the personal fields
   * of deleted members' events forgotten. Projections, rebuilds, replays, story histories and the
   * data export read it; only the command bus holds `eventStore`.
   */
  forgettingLog: ForgettingLog;
  readStore: ReadStore;
  projections: ProjectionRunner;
  /** One holder at a time across every process that shares these stores (Redis in scale mode). */
  leases: LeaseManager;
  /**
   * The DATA_DIR database, opened on first use when the stores above live elsewhere: the
   * embedded home of what must survive a restart without Redis (idempotency records).
   */
  embeddedDatabase(): Database;
  close(): Promise<void>;
}

/**
 * Text searches run on threads of their own beside the one serving requests: without them, four
 * searches at once for common words over 100,000 stories queued to a p95 at the edge of its 50 ms
 * budget (`npm run bench -- api search`).
 */
const SEARCH_THREADS = 2;

/** How often a running server drops the copies of replays killed outright. */
const SWEEP_ABANDONED_EVERY_MS = 5 * 60_000;

export interface OpenStoresOptions {
  /** Start the projections (the server); the admin CLI only reads and appends. Default true. */
  runProjections?: boolean;
  /** How often to drop the copies of replays killed outright, besides at start (default 5 min). */
  sweepAbandonedEveryMs?: number;
  /** Told of each batch a projection commits here (the live story changes). */
  onCommitted?: CommittedListener;
}

/** The DATA_DIR database, opened on first use, with its WAL checkpoints on another thread. */
function embeddedDatabaseOf(config: Config, logger: Logger) {
  let database: Database | undefined;
  let checkpoints: BackgroundCheckpoints | undefined;
  return {
    open: (): Database => {
      if (database) return database;
      database = openSqliteDatabase(join(config.dataDir, SQLITE_FILE), { sync: config.sqliteSync });
      // Requests commit on this thread: the checkpoints' fsyncs run on another one.
      checkpoints = startBackgroundCheckpoints(database, {
        onError: (message) =>
          logger.warn(
            { error: message },
            'background WAL checkpoints stopped; commits checkpoint the WAL again',
          ),
      });
      return database;
    },
    close: async (): Promise<void> => {
      await checkpoints?.stop();
      database?.close();
    },
  };
}

/**
 * Drops the copies of replays killed outright: once now, then every `everyMs`. Answers the
 * timer, for `close`.
 */
async function sweepAbandonedCopies(
  readStore: ReadStore,
  logger: Logger,
  everyMs: number,
): Promise<NodeJS.Timeout> {
  const sweep = async () => {
    const abandoned = await dropAbandonedCopies(readStore);
    if (abandoned.length)
      logger.info(
        { copies: abandoned },
        'dropped the unfinished read-model copies of a replay that was killed',
      );
  };
  await sweep();
  return setInterval(() => {
    sweep().catch((error: unknown) =>
      logger.warn({ error: String(error) }, 'could not drop the copies of a killed replay'),
    );
  }, everyMs).unref();
}

/** Scale mode: one writer per projection across every process, through a Redis lease. */
function leaseRedis(config: Config, logger: Logger) {
  if (!config.redisUrl) return undefined;
  return connectRedis(
    config.redisUrl,
    { maxRetriesPerRequest: null },
    redisOutageLog(logger, 'projection leases'),
  );
}

/**
 * Opens the event store and read-model store the environment chooses (embedded or scale mode) and
 * starts the projections. Embedded mode shares one SQLite connection between both stores.
 */
export async function openStores(
  config: Config,
  logger: Logger,
  options: OpenStoresOptions = {},
): Promise<Stores> {
  const embedded = embeddedDatabaseOf(config, logger);
  const { eventStore, readStore, sqliteEventStore } = await openEventAndReadStores(
    config,
    embedded.open,
  );
  const runProjections = options.runProjections ?? true;
  const sweeps = runProjections
    ? await sweepAbandonedCopies(
        readStore,
        logger,
        options.sweepAbandonedEveryMs ?? SWEEP_ABANDONED_EVERY_MS,
      )
    : undefined;

  const redis = leaseRedis(config, logger);
  const forgettingLog = forgettingEventStore(eventStore, { catalog: domainEventCatalog });
  const projections = createProjectionRunner({
    eventStore: forgettingLog,
    readStore,
    projections: readModels,
    ...(redis ? { leases: createRedisLeaseManager({ redis }) } : {}),
    logger: logger.child({ component: 'projections' }),
    ...(options.onCommitted ? { onCommitted: options.onCommitted } : {}),
  });
  const leases = redis ? createRedisLeaseManager({ redis }) : createInProcessLeaseManager();
  if (runProjections) {
    // Embedded mode: one process, one SQLite connection for the log and the read models, so the
    // events a request appends are projected in the append's own transaction (scale mode's
    // projectors, and every projection on PostgreSQL, follow the log by subscription).
    const applyInTransaction = projections.applyInTransaction?.bind(projections);
    if (!redis && sqliteEventStore && applyInTransaction)
      sqliteEventStore.stepInAppends((events, positionBefore) =>
        applyInTransaction(forgettingLog.shownNow(events), positionBefore),
      );
    projections.start();
  }

  return {
    eventStore,
    forgettingLog,
    readStore,
    projections,
    leases,
    embeddedDatabase: embedded.open,
    async close() {
      clearInterval(sweeps);
      await projections.stop();
      await leases.close();
      await readStore.close();
      await eventStore.close();
      redis?.disconnect();
      await embedded.close();
    },
  };
}

/**
 * The two stores the environment chooses: PostgreSQL for both (DATABASE_URL), else the log in
 * KurrentDB (EVENTSTORE_URL) or SQLite and the read models in MongoDB (MONGO_URL) or SQLite.
 * The SQLite event store is answered apart: only it can project in its appends' transactions.
 */
async function openEventAndReadStores(
  config: Config,
  sqlite: () => Database,
): Promise<{ eventStore: EventStore; readStore: ReadStore; sqliteEventStore?: SqliteEventStore }> {
  if (config.database) return openPostgresStores(config.database, domainEventCatalog);
  if (config.eventStoreUrl)
    return {
      eventStore: createKurrentDbEventStore({
        url: config.eventStoreUrl,
        catalog: domainEventCatalog,
      }),
      readStore: await openReadStore(config, sqlite),
    };
  const sqliteEventStore = createSqliteEventStore({
    database: sqlite(),
    catalog: domainEventCatalog,
  });
  return {
    eventStore: sqliteEventStore,
    readStore: await openReadStore(config, sqlite),
    sqliteEventStore,
  };
}

async function openReadStore(config: Config, sqlite: () => Database): Promise<ReadStore> {
  if (config.mongoUrl) {
    const { createMongoReadStore } =
      await import('@whosright/projections/store/mongodb/mongo-read-store');
    return createMongoReadStore({ url: config.mongoUrl });
  }
  return createSqliteReadStore({ database: sqlite(), searchThreads: SEARCH_THREADS });
}
