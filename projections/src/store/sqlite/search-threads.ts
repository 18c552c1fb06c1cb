import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** Read-only queries run on worker threads, each with a connection of its own to one file. */
export interface SearchThreads {
  /** The rows of `sql` (as arrays when `raw`), from the thread with the fewest queries waiting. */
  all(sql: string, params: readonly unknown[], raw?: boolean): Promise<unknown[]>;
  close(): Promise<void>;
}

interface Waiting {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  alive: boolean;
}

type Answer = { id: number; rows: unknown[] } | { id: number; error: string };

/**
 * Text searches rank every match of their words (FTS5's bm25), several milliseconds for a common
 * word over 100,000 stories: on the serving thread, four searches at once queue behind each other.
 * These threads run them beside it, on the machine's other cores. A thread that fails hands its
 * waiting queries an error and takes no more; the next search goes to another.
 */
export function startSearchThreads(file: string, count: number): SearchThreads {
  let next = 0;
  const threads: Thread[] = Array.from({ length: count }, () => {
    const worker = new Worker(new URL('./search-thread.worker.mjs', import.meta.url), {
      workerData: { file },
    });
    worker.unref();
    const thread: Thread = { worker, waiting: new Map(), alive: true };
    worker.on('message', (answer: Answer) => {
      const waiting = thread.waiting.get(answer.id);
      if (!waiting) return;
      thread.waiting.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.rows);
    });
    const failAll = (error: Error) => {
      thread.alive = false;
      for (const waiting of thread.waiting.values()) waiting.reject(error);
      thread.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('The search thread stopped')));
    return thread;
  });
  const leastBusy = () =>
    threads
      .filter((thread) => thread.alive)
      .reduce<Thread | undefined>(
        (best, thread) => (!best || thread.waiting.size < best.waiting.size ? thread : best),
        undefined,
      );

  return {
    all(sql, params, raw = false) {
      const thread = leastBusy();
      if (!thread) return Promise.reject(new Error('No search thread is running'));
      const id = next++;
      return new Promise((resolve, reject) => {
        thread.waiting.set(id, { resolve, reject });
        if (thread.waiting.size === 1) thread.worker.ref();
        thread.worker.postMessage({ id, sql, params, raw });
      }).finally(() => {
        if (thread.waiting.size === 0) thread.worker.unref();
      }) as Promise<unknown[]>;
    },
    async close() {
      await Promise.all(
        threads.map(async ({ worker }) => {
          const exited = once(worker, 'exit');
          worker.postMessage('stop');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1_000))]);
          await worker.terminate();
        }),
      );
    },
  };
}
