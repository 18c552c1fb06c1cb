import { Worker } from 'node:worker_threads';

/** An error raised in a worker thread, with its code kept (e.g. SQLite's) for the caller's mapping. */
export class WorkerRequestError extends Error {
  override readonly name = 'WorkerRequestError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Pending<TReply> {
  resolve: (reply: TReply) => void;
  reject: (error: Error) => void;
}

type Reply<TReply> = TReply & { id: number; error?: { message: string; code?: string } };

/**
 * Requests and replies with a worker thread started on first use; the worker handles one request
 * at a time, in order. It holds the event loop open only while a request is in flight, so an idle
 * client never keeps a process alive and a caller awaiting a reply is never left behind.
 */
export class WorkerClient<TReply extends object> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending<TReply>>();
  private nextId = 0;

  constructor(
    private readonly script: URL,
    private readonly workerData: unknown,
  ) {}

  request(message: object): Promise<TReply> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const reply = new Promise<TReply>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    if (this.pending.size === 1) worker.ref();
    worker.postMessage({ ...message, id });
    return reply;
  }

  /** Stops the worker; requests still in flight fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new WorkerRequestError('The worker was closed before it replied', undefined));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.script, { workerData: this.workerData });
    worker.unref();
    worker.on('message', (reply: Reply<TReply>) => this.settle(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new WorkerRequestError('The worker stopped before it replied', undefined));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply<TReply>): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.error) pending.reject(new WorkerRequestError(reply.error.message, reply.error.code));
    else pending.resolve(reply);
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.worker?.unref();
    for (const { reject } of waiting) reject(error);
  }
}
