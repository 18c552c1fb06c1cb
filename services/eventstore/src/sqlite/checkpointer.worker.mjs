// A worker thread that checkpoints the WAL of the event store's file on its own connection, so
// the fsyncs a checkpoint makes never stall the thread that serves requests. Plain JavaScript on
// purpose: it loads in any runner (tsx, vitest, node) and needs nothing but better-sqlite3.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma(`synchronous = ${workerData.synchronous}`);

// PASSIVE never waits for readers or writers: it copies what it can and leaves the rest to the
// next round. An error (the file went away) is reported once and ends the loop: the shared
// connection's fallback checkpoints take over.
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    clearInterval(timer);
    parentPort.postMessage({ error: String(error?.message ?? error) });
  }
}, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
