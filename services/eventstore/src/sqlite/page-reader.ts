import { WorkerClient } from '../worker-client';

export interface WorkerPage {
  /** Rows in the page. */
  count: number;
  /** Global position of the page's last row (0 when empty). */
  last: number;
  /** The page's row JSON texts joined into one JSON array. */
  json: string;
}

/** Runs page queries of the event log on a second connection, in a worker thread. */
export class PageReader {
  private readonly client: WorkerClient<WorkerPage>;

  constructor(file: string, busyTimeoutMs: number) {
    this.client = new WorkerClient(new URL('./page-reader.worker.mjs', import.meta.url), {
      file,
      busyTimeoutMs,
    });
  }

  /** Runs `sql`, which must select `position` and then one row JSON text, with `params`. */
  query(sql: string, params: readonly unknown[]): Promise<WorkerPage> {
    return this.client.request({ sql, params });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
