import type { Database } from 'better-sqlite3';

/**
 * The event log. `position` is the global order (AUTOINCREMENT: never reused, and assigned
 * inside the serialized write transaction, so commits appear in position order). `recorded_at`
 * is metadata.recordedAt in epoch ms, for `readAll({ until })`.
 */
export function migrateEventsTable(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL,
      stream TEXT NOT NULL,
      revision INTEGER NOT NULL,
      type TEXT NOT NULL,
      version INTEGER NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      recorded_at INTEGER NOT NULL,
      UNIQUE (stream, revision)
    );
    CREATE UNIQUE INDEX IF NOT EXISTS events_id ON events (id);
    CREATE INDEX IF NOT EXISTS events_type_position ON events (type, position);
  `);
}
