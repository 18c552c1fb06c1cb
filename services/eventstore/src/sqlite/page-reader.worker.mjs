// A worker thread that runs read-only page queries of the event log on its own connection, so
// that SQLite's row fetch (about a third of a full scan) overlaps with decoding on the caller's
// thread. Plain JavaScript on purpose: it loads in any runner (tsx, vitest, node) with no
// TypeScript hooks, and needs nothing but better-sqlite3.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

let db;
const statements = new Map();

/** Opened on the first query, so a failure to open reaches the caller as that query's error. */
function database() {
  if (!db) {
    db = new Database(workerData.file, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${Math.trunc(workerData.busyTimeoutMs)}`);
    db.pragma('cache_size = -32000');
  }
  return db;
}

parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database().prepare(sql).raw();
      statements.set(sql, statement);
    }
    // Each row is [position, row JSON text]. One string per page: a single copy across threads
    // and a single JSON.parse on the other side; the last position lets the caller ask for the
    // next page before it decodes this one.
    const rows = statement.all(...params);
    const texts = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) texts[i] = rows[i][1];
    parentPort.postMessage({
      id,
      count: rows.length,
      last: rows.length ? rows[rows.length - 1][0] : 0,
      json: `[${texts.join(',')}]`,
    });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: String(error?.message ?? error), code: error?.code },
    });
  }
});
