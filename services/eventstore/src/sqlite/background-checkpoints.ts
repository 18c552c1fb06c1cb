import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';

export interface BackgroundCheckpoints {
  /** Stops the thread and hands checkpoints back to the connection's own commits. */
  stop(): Promise<void>;
}

/** SQLite's default: a commit that grows the WAL past this many pages checkpoints it. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/**
 * While the thread runs the connection only checkpoints itself past this size (about 40 MB with
 * 4 KiB pages): a safety net should the thread stall, never the usual path.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * Moves WAL checkpoints off the connection's thread: a worker thread with its own connection runs
 * a passive checkpoint every `intervalMs`. A checkpoint fsyncs the WAL and the database file; made
 * by a commit, that stalls the commit, and on this kind of virtual disk it more than halved
 * small write transactions per second. Durability is unchanged: commits never waited for an fsync
 * at `synchronous=NORMAL` anyway, and at FULL they still do.
 */
export function startBackgroundCheckpoints(
  db: Database,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): BackgroundCheckpoints {
  if (db.memory) return { stop: () => Promise.resolve() };
  const worker = new Worker(new URL('./checkpointer.worker.mjs', import.meta.url), {
    workerData: {
      file: db.name,
      intervalMs: options.intervalMs ?? 200,
      synchronous: Number(db.pragma('synchronous', { simple: true })),
    },
  });
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const restore = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { error?: string }) => {
    if (!message.error) return;
    restore();
    options.onError?.(message.error);
  });
  worker.on('error', (error) => {
    restore();
    options.onError?.(error.message);
  });
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        restore();
        // Held open while stopping: an unreferenced worker would let the process exit mid-await.
        worker.ref();
        const exited = once(worker, 'exit');
        worker.postMessage('stop');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          exited,
          new Promise((resolve) => (timer = setTimeout(resolve, 1_000))),
        ]);
        clearTimeout(timer);
        await worker.terminate();
      })();
      return stopped;
    },
  };
}
