import pg from 'pg';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { ChangeNotifier } from '../change-notifier';
import { pagedLogStore, type PagedLogStore } from '../paged-log-store';
import { listenForAppends } from './append-listener';
import { rowDecoder } from './event-rows';
import { logReads } from './log-reads';
import { sharedLogTail } from './log-tail';
import { appendsHeard, postgresAppends } from './postgres-appends';
import { guarded } from './postgres-errors';
import { migrateEventsSchema } from './schema';
import { streamReads } from './stream-reads';

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:port/database`. */
  connectionString: string;
  catalog: EventCatalog;
  /** Connections the store's pool opens at most (default 10). */
  poolSize?: number;
  /** TLS, as node-postgres takes it: `true`, or `{ ca, rejectUnauthorized, ... }`. */
  ssl?: pg.ClientConfig['ssl'];
  /**
   * How often waiting subscriptions look at the head themselves (default 500 ms): they are woken
   * by notifications at once, this is for a notification that did not arrive.
   */
  pollIntervalMs?: number;
}

/** The event store on PostgreSQL: every optional part of the port. */
export type PostgresEventStore = PagedLogStore;

/**
 * The event store on a PostgreSQL database, its schema created on open where missing: appends in
 * one call of a server-side function each (see `schema.ts`), whose positions commit in order;
 * reads of a stream or of the log a page at a time; subscriptions woken by LISTEN / NOTIFY and by
 * polling the head.
 */
export async function openPostgresEventStore(
  options: PostgresEventStoreOptions,
): Promise<PostgresEventStore> {
  const connection: pg.ClientConfig = {
    connectionString: options.connectionString,
    ...(options.ssl !== undefined ? { ssl: options.ssl } : {}),
    // A server that went away is noticed on idle connections too (the notification one).
    keepAlive: true,
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    // An unreachable server fails a call (retryably) instead of leaving it waiting.
    connectionTimeoutMillis: 10_000,
  });
  // A connection that fails while idle in the pool is dropped by it; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await guarded(async () => {
      const client = await pool.connect();
      try {
        await migrateEventsSchema(client);
      } finally {
        client.release();
      }
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  const decode = rowDecoder(options.catalog);
  const log = logReads(pool, decode);
  const tail = sharedLogTail(log);
  let lastHead = -1n;
  const notifier = new ChangeNotifier(async () => {
    const head = await log.head();
    tail.learn(head);
    if (head === lastHead) return false;
    lastHead = head;
    return true;
  }, options.pollIntervalMs ?? 500);
  /** A head every event up to which has committed: subscriptions may read up to it. */
  const heard = (head: bigint | undefined) => {
    if (head !== undefined) tail.learn(head);
    notifier.notify(head);
  };
  let listener: { close(): Promise<void> } | undefined;
  return pagedLogStore({
    writes: appendsHeard(postgresAppends(pool, options.catalog), heard),
    readStream: streamReads(pool, decode),
    log,
    changes: notifier,
    subscriptionReads: tail,
    subscribing() {
      // Only a store that subscribes holds a connection for notifications.
      listener ??= listenForAppends(connection, heard);
    },
    async release() {
      notifier.close();
      await listener?.close();
      await pool.end();
    },
  });
}
