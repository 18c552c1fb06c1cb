import type { Database } from 'better-sqlite3';

/** Bookkeeping tables beside the events: active-version pointers, generations with their checkpoints, dead letters. */
export function createMetaTables(db: Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS rm_active (
      projection TEXT PRIMARY KEY,
      generation INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS rm_generations (
      projection TEXT NOT NULL,
      generation INTEGER NOT NULL,
      version INTEGER NOT NULL,
      collections TEXT NOT NULL,
      checkpoint INTEGER,
      dropped INTEGER NOT NULL DEFAULT 0,
      owner TEXT NOT NULL DEFAULT 'rebuild',
      activated INTEGER NOT NULL DEFAULT 0,
      touched_at INTEGER,
      PRIMARY KEY (projection, generation)
    );
    CREATE TABLE IF NOT EXISTS rm_dead_letters (
      seq INTEGER PRIMARY KEY,
      projection TEXT NOT NULL,
      generation INTEGER NOT NULL,
      position INTEGER NOT NULL,
      event_id TEXT NOT NULL,
      event_type TEXT NOT NULL,
      error TEXT NOT NULL,
      at TEXT NOT NULL
    );
  `);
  // Files created before builds had an owner: add the columns in place.
  const columns = new Set(
    (db.prepare('PRAGMA table_info(rm_generations)').all() as Array<{ name: string }>).map(
      (c) => c.name,
    ),
  );
  if (!columns.has('owner'))
    db.exec("ALTER TABLE rm_generations ADD COLUMN owner TEXT NOT NULL DEFAULT 'rebuild'");
  if (!columns.has('activated'))
    db.exec('ALTER TABLE rm_generations ADD COLUMN activated INTEGER NOT NULL DEFAULT 0');
  if (!columns.has('touched_at')) {
    // Builds from before the column count as touched now: one still running gets its full grace.
    db.exec('ALTER TABLE rm_generations ADD COLUMN touched_at INTEGER');
    db.prepare('UPDATE rm_generations SET touched_at = ?').run(Date.now());
  }
}
