import type { Database } from 'better-sqlite3';
import type { KeyValueStore } from './key-value-store';

/** How often the expired rows are deleted (reads ignore them in between). */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The embedded adapter for values that must outlive a restart: rows of the DATA_DIR database
 * (the connection the event store shares; it stays open, its owner closes it). An expired row is
 * invisible at once and deleted by a sweep every ten minutes.
 */
export function createSqliteKeyValueStore(
  database: Database,
  { now = Date.now }: { now?: () => number } = {},
): KeyValueStore {
  database.exec(`
    CREATE TABLE IF NOT EXISTS kv_entries (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS kv_entries_expiry ON kv_entries (expires_at);
  `);
  const select = database.prepare<[string, number], { value: string }>(
    'SELECT value FROM kv_entries WHERE key = ? AND expires_at > ?',
  );
  const upsert = database.prepare<[string, string, number]>(
    `INSERT INTO kv_entries (key, value, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
  );
  // An expired row counts as absent: it is taken over in the same statement.
  const insertIfAbsent = database.prepare<[string, string, number, number]>(
    `INSERT INTO kv_entries (key, value, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
     WHERE kv_entries.expires_at <= ?`,
  );
  const remove = database.prepare<[string]>('DELETE FROM kv_entries WHERE key = ?');
  const purge = database.prepare<[number]>('DELETE FROM kv_entries WHERE expires_at <= ?');

  const sweeps = setInterval(() => {
    if (database.open) purge.run(now());
  }, PURGE_EVERY_MS);
  sweeps.unref();

  return {
    get: (key) => Promise.resolve(select.get(key, now())?.value),
    set(key, value, ttlMs) {
      upsert.run(key, value, now() + ttlMs);
      return Promise.resolve();
    },
    setIfAbsent(key, value, ttlMs) {
      const at = now();
      return Promise.resolve(insertIfAbsent.run(key, value, at + ttlMs, at).changes === 1);
    },
    delete(key) {
      remove.run(key);
      return Promise.resolve();
    },
    close() {
      clearInterval(sweeps);
      return Promise.resolve();
    },
  };
}
