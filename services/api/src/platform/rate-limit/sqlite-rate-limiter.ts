import type { Database } from 'better-sqlite3';
import { RateLimiterMemory, RateLimiterSQLite } from 'rate-limiter-flexible';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createRateLimiterFrom, type RateLimiter } from './rate-limiter';

/** Beside the event store in DATA_DIR: its own file, so counting never waits on an append's lock. */
export const RATE_LIMITS_FILE = 'rate-limits.sqlite';

const TABLE = 'rate_limits';
/** Windows last an hour at most: a counter expired this long ago is only taking space. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * The embedded adapter: counters in a SQLite file, so a restart of the server does not hand every
 * account a fresh window (rate-limiter-flexible's own SQLite store, on better-sqlite3). Should
 * the file fail (a full disk), each policy counts in memory instead, as the Redis adapter does.
 */
export function createSqliteRateLimiter(options: { file: string }): RateLimiter {
  const database: Database = openSqliteDatabase(options.file);
  // Created here, once, because the library creates it asynchronously and refuses to count
  // before it has: the first request after a start would otherwise fail.
  database.exec(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
  );
  const sweepExpired = database.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`);
  const sweeps = setInterval(() => {
    try {
      sweepExpired.run(Date.now());
    } catch {
      // Busy or failing: the next sweep takes them; expired rows never count anyway.
    }
  }, SWEEP_EVERY_MS);
  sweeps.unref();

  return createRateLimiterFrom(
    (policy) => {
      const base = {
        keyPrefix: policy.name,
        points: policy.points,
        duration: policy.durationSeconds,
      };
      return new RateLimiterSQLite({
        ...base,
        storeClient: database,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(base),
      });
    },
    () => {
      clearInterval(sweeps);
      database.close();
      return Promise.resolve();
    },
  );
}
