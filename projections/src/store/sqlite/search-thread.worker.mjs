// A worker thread that runs text searches' read-only queries on its own connection to the read
// models' file, so a search's ranking (every match of a common word) runs beside the thread that
// serves requests. Plain JavaScript on purpose: it loads in any runner (tsx, vitest, node) and
// needs nothing but better-sqlite3.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
const statements = new Map();

function statementOf(sql, raw) {
  const key = `${raw ? 'raw' : 'rows'}:${sql}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (raw) statement.raw(true);
    statements.set(key, statement);
  }
  return statement;
}

parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  const { id, sql, params, raw } = message;
  try {
    parentPort.postMessage({ id, rows: statementOf(sql, raw).all(...params) });
  } catch (error) {
    // A table a swap dropped: the statements prepared on it are of no use any more.
    statements.clear();
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
