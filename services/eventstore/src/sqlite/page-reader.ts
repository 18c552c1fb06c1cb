import { Worker } from 'node:worker_threads';

export interface WorkerPage {
  /** Rows in the page. */
  count: number;
  /** Global position of the page's last row (0 when empty). */
  last: number;
  /** The page's row JSON texts joined into one JSON array. */
  json: string;
}

/** An error a query raised in the worker, with SQLite's code kept for the caller's mapping. */
export class WorkerQueryError extends Error {
  override readonly name = 'WorkerQueryError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (page: WorkerPage) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; count: number; last: number; json: string } | { id: number; error: { message: string; code?: string } };

/**
 * Runs page queries on a second connection in a worker thread (started on first use). The worker
 * holds the event loop open only while a query is in flight, so an idle store never keeps a
 * process alive, and a caller awaiting a page is never left behind by an exiting loop.
 */
export class PageReader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly file: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** Runs `sql`, which must select `position` and then one row JSON text, with `params`. */
  query(sql: string, params: readonly unknown[]): Promise<WorkerPage> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const page = new Promise<WorkerPage>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) worker.ref();
    worker.postMessage({ id, sql, params });
    return page;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new WorkerQueryError('The event store was closed during a read', undefined));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./page-reader.worker.mjs', import.meta.url), {
      workerData: { file: this.file, busyTimeoutMs: this.busyTimeoutMs },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new WorkerQueryError('The event log reader stopped', undefined));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if ('error' in reply) pending.reject(new WorkerQueryError(reply.error.message, reply.error.code));
    else pending.resolve({ count: reply.count, last: reply.last, json: reply.json });
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.worker?.unref();
    for (const { reject } of waiting) reject(error);
  }
}
