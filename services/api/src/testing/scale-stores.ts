import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import type { EventStore } from '@whosright/eventstore/port';
import { openPostgresEventStore } from '@whosright/eventstore/postgres/postgres-event-store';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import type { ReadStore } from '@whosright/projections/store/port';
import { openPostgresReadStore } from '@whosright/projections/store/postgres/postgres-read-store';
import { createSqliteReadStore } from '@whosright/projections/store/sqlite/sqlite-read-store';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import type { LocalService } from '@whosright/testing/local-service';
import {
  postgresServer,
  startPostgresServer,
  type PostgresServer,
} from '@whosright/testing/postgres-server';
import { redisServer } from '@whosright/testing/redis-server';
import { SQLITE_FILE } from '#api/app/stores';

/** Where a multi-process spec keeps the log and the read models. */
export type ScaleStoreKind = 'sqlite' | 'postgres';

/** What a spec needs for a kind: Redis always, PostgreSQL too for `postgres` (the first missing). */
export function scaleServices(kind: ScaleStoreKind): LocalService {
  const needed = kind === 'postgres' ? [redisServer, postgresServer] : [redisServer];
  return needed.find((service) => !service.find()) ?? needed[0]!;
}

export interface OpenedStores {
  eventStore: EventStore;
  readStore: ReadStore;
  close(): Promise<void>;
}

export interface ScaleStores {
  kind: ScaleStoreKind;
  /** DATA_DIR, which every kind has (idempotency records, mail backlog). */
  dataDir: string;
  /** What the processes' environment adds for this kind: DATA_DIR, and DATABASE_URL. */
  env: Record<string, string>;
  /** The log and the live read models the processes share, opened from the spec. */
  open(): Promise<OpenedStores>;
  /** An empty read store beside them, to rebuild into. */
  scratch(): Promise<Pick<OpenedStores, 'readStore' | 'close'>>;
  stop(): Promise<void>;
}

const catalog = domainEventCatalog;

function sqliteStores(dataDir: string): ScaleStores {
  const scratchDir = mkdtempSync(join(tmpdir(), 'wr-scale-rebuild-'));
  return {
    kind: 'sqlite',
    dataDir,
    env: { DATA_DIR: dataDir },
    open: () => {
      const database = openSqliteDatabase(join(dataDir, SQLITE_FILE), { sync: 'normal' });
      const eventStore = createSqliteEventStore({ database, catalog });
      const readStore = createSqliteReadStore({ database });
      return Promise.resolve({
        eventStore,
        readStore,
        async close() {
          await readStore.close();
          await eventStore.close();
          database.close();
        },
      });
    },
    scratch: () => {
      const database = openSqliteDatabase(join(scratchDir, 'rebuild.sqlite'), { sync: 'normal' });
      const readStore = createSqliteReadStore({ database });
      return Promise.resolve({
        readStore,
        async close() {
          await readStore.close();
          database.close();
        },
      });
    },
    stop: () => {
      rmSync(scratchDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

async function postgresStores(dataDir: string, server: PostgresServer): Promise<ScaleStores> {
  const url = await server.createDatabase('scale');
  return {
    kind: 'postgres',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: async () => {
      const eventStore = await openPostgresEventStore({ connectionString: url, catalog });
      const readStore = await openPostgresReadStore({ connectionString: url });
      return {
        eventStore,
        readStore,
        async close() {
          await readStore.close();
          await eventStore.close();
        },
      };
    },
    scratch: async () => {
      const readStore = await openPostgresReadStore({
        connectionString: await server.createDatabase('rebuild'),
      });
      return { readStore, close: () => readStore.close() };
    },
    stop: () => server.stop(),
  };
}

/** A fresh DATA_DIR and, for `postgres`, a throw-away cluster with a database for the processes. */
export async function startScaleStores(kind: ScaleStoreKind): Promise<ScaleStores> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wr-scale-'));
  const stores =
    kind === 'postgres'
      ? await postgresStores(dataDir, await startPostgresServer())
      : sqliteStores(dataDir);
  return {
    ...stores,
    async stop() {
      await stores.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
