import { WorkerClient } from '@whosright/eventstore/worker-client';
import type { BackgroundWriter, DocWrite, Generation } from '../port';

interface TableRows {
  /** Quoted physical table name. */
  table: string;
  /** [id, document JSON, or null to delete] */
  rows: Array<[string, string | null]>;
}

/**
 * Commits a rebuild's documents on a second connection to the same file, in a worker thread.
 * Documents are serialized here (the worker only sees JSON text: one cheap copy per document),
 * grouped per table in the order given.
 */
export function sqliteBackgroundWriter(options: {
  file: string;
  busyTimeoutMs: number;
  synchronous: number;
  tableOf: (target: Generation, collection: string) => string;
}): BackgroundWriter {
  const client = new WorkerClient<object>(new URL('./background-writer.worker.mjs', import.meta.url), {
    file: options.file,
    busyTimeoutMs: options.busyTimeoutMs,
    synchronous: options.synchronous,
  });
  return {
    async commit(target: Generation, writes: readonly DocWrite[], checkpoint: bigint): Promise<void> {
      const tables = new Map<string, TableRows>();
      for (const write of writes) {
        let table = tables.get(write.collection);
        if (!table) tables.set(write.collection, (table = { table: options.tableOf(target, write.collection), rows: [] }));
        table.rows.push([write.id, write.doc ? JSON.stringify(write.doc) : null]);
      }
      await client.request({
        tables: [...tables.values()],
        checkpoint: { projection: target.projection, generation: target.generation, position: checkpoint },
      });
    },
    close: () => client.close(),
  };
}
