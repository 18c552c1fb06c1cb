import type { Database } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import {
  createSqliteEventStore,
  type SqliteEventStore,
} from '@whosright/eventstore/sqlite/sqlite-event-store';
import type { ReadStore } from '../store/port';
import { createSqliteReadStore } from '../store/sqlite/sqlite-read-store';
import { sampleCatalog } from './sample-events';

export interface SqliteFixture {
  dir: string;
  file: string;
  database: Database;
  eventStore: SqliteEventStore;
  readStore: ReadStore;
  /** Closes the connection (keeps the files). */
  close: () => Promise<void>;
  /** Closes and deletes the files. */
  dispose: () => Promise<void>;
}

/** The embedded mode as the app runs it: one SQLite file, one connection for events and read models. */
export function openSqliteFixture(file?: string): SqliteFixture {
  const dir = file ? '' : mkdtempSync(join(tmpdir(), 'whosright-projections-'));
  const path = file ?? join(dir, 'whosright.sqlite');
  const database = openSqliteDatabase(path);
  const eventStore = createSqliteEventStore({
    database,
    catalog: sampleCatalog,
    pollIntervalMs: 10,
  });
  const readStore = createSqliteReadStore({ database });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await eventStore.close();
    await readStore.close();
    database.close();
  };
  return {
    dir,
    file: path,
    database,
    eventStore,
    readStore,
    close,
    async dispose() {
      await close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
