// A worker thread that commits read-model documents of a generation being rebuilt, on its own
// connection to the event store's file, so SQLite's inserts and index updates overlap with the
// folding on the caller's thread. Plain JavaScript on purpose: it loads in any runner (tsx,
// vitest, node) with no TypeScript hooks, and needs nothing but better-sqlite3.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

let db;
const statements = new Map();

/** Opened on the first commit, so a failure to open reaches the caller as that commit's error. */
function database() {
  if (!db) {
    db = new Database(workerData.file, { fileMustExist: true });
    db.pragma(`busy_timeout = ${Math.trunc(workerData.busyTimeoutMs)}`);
    db.pragma(`synchronous = ${workerData.synchronous}`);
    db.pragma('cache_size = -32000');
    // Checkpoints fsync: one every 1,000 WAL pages (the default) took much of this thread's
    // time in a bulk load. Ten times fewer, and the WAL still stays bounded (about 40 MB).
    db.pragma('wal_autocheckpoint = 10000');
  }
  return db;
}

function prepare(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = database().prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

const byId = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** tables: [{ table (quoted), rows: [id, document | null][] }]; checkpoint: { projection, generation, position }. */
function commit({ tables, checkpoint }) {
  database()
    .transaction(() => {
      for (const { table, rows } of tables) {
        const upsert = prepare(`INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`);
        const remove = prepare(`DELETE FROM ${table} WHERE id = ?`);
        // In key order a b-tree insert lands next to the previous one: fewer page splits.
        if (rows.length > 1000) rows.sort(byId);
        for (const [id, doc] of rows) {
          if (doc === null) remove.run(id);
          else upsert.run(id, JSON.stringify(doc));
        }
      }
      prepare('UPDATE rm_generations SET checkpoint = ? WHERE projection = ? AND generation = ?').run(
        checkpoint.position,
        checkpoint.projection,
        checkpoint.generation,
      );
    })
    .immediate();
}

parentPort.on('message', (message) => {
  try {
    commit(message);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error?.message ?? error), code: error?.code } });
  }
});
