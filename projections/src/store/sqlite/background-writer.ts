import { WorkerClient } from '@whosright/eventstore/worker-client';
import type { BackgroundWriter, Doc, DocWrite, Generation } from '../port';

interface TableRows {
  /** Quoted physical table name. */
  table: string;
  /** [id, document, or null to delete] */
  rows: Array<[string, Doc | null]>;
}

/**
 * Commits a rebuild's documents on a second connection to the same file, in a worker thread.
 * Documents cross as objects and become JSON over there: cloning one costs this thread about a
 * third of JSON.stringify.
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
        table.rows.push([write.id, write.doc]);
      }
      await client.request({
        tables: [...tables.values()],
        checkpoint: { projection: target.projection, generation: target.generation, position: checkpoint },
      });
    },
    close: () => client.close(),
  };
}
