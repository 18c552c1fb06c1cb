import type { Database, Statement } from 'better-sqlite3';
import { GroupCommit } from '@whosright/sqlite/group-commit';
import { physicalName } from '../names';
import type {
  CommitOptions,
  Doc,
  DocWrite,
  Generation,
  ReadModelWriter,
  WriterInTransaction,
} from '../port';
import type { ActivePointers } from './active-pointers';
import { asPromise } from './as-promise';
import { columnWriter } from './column-writer';
import { appendStaged } from './staged-rows';
import { ROW, type StoredRow, type TableLayouts } from './columns';
import type { StatementCache } from './statement-cache';
import { isStaged, quote, stagedName, tableOf } from './tables';

interface TableWriter {
  put(id: string, doc: Doc): void;
  /** Adds the document unless one has its id (`insertOnly`). */
  insert(id: string, doc: Doc): void;
  delete: Statement<[string]>;
}

const byCollectionAndId = (a: DocWrite, b: DocWrite) =>
  a.collection < b.collection
    ? -1
    : a.collection > b.collection
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0;

/**
 * The runner's documents: loads a batch's documents and commits whole documents with the
 * checkpoint in one transaction. Commits requested in one turn of the event loop share a
 * transaction (GroupCommit), each in its own savepoint.
 */
export function sqliteDocuments(
  db: Database,
  statements: StatementCache,
  pointers: ActivePointers,
  layouts: TableLayouts,
): Pick<ReadModelWriter, 'load' | 'commit'> & {
  inTransaction: Pick<WriterInTransaction, 'load' | 'commit'>;
} {
  const checkpointOf = db
    .prepare<[string, number], bigint | null>(
      'SELECT checkpoint FROM rm_generations WHERE projection = ? AND generation = ?',
    )
    .pluck()
    .safeIntegers(true);
  const setCheckpoint = db.prepare<[bigint, string, number]>(
    'UPDATE rm_generations SET checkpoint = ? WHERE projection = ? AND generation = ?',
  );
  const tableWriter = (table: string): TableWriter => {
    const t = quote(table);
    const layout = layouts.of(table);
    const deleteRow = statements.get(`DELETE FROM ${t} WHERE id = ?`);
    let insertRow: Statement | undefined;
    const insert = (id: string, doc: Doc) => {
      insertRow ??= statements.get(
        `INSERT INTO ${t} (id, doc${layout.select}) VALUES (?, ?${', ?'.repeat(layout.fields.length)}) ON CONFLICT (id) DO NOTHING`,
      );
      const { json, values } = layout.split(doc);
      insertRow.run(id, json, ...values);
    };
    if (layout.fields.length)
      return { put: columnWriter(statements, t, layout), insert, delete: deleteRow };
    const upsert = statements.get(
      `INSERT INTO ${t} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
    );
    return { put: (id, doc) => upsert.run(id, layout.split(doc).json), insert, delete: deleteRow };
  };

  /**
   * Splits a commit's writes: inserts into a table being bulk loaded go to its staging table
   * (appended, no order to keep), every other write to the table itself.
   */
  const splitStaged = (target: Generation, writes: readonly DocWrite[]) => {
    const staged: DocWrite[] = [];
    const direct: DocWrite[] = [];
    let collection: string | undefined;
    let stagedCollection = false;
    for (const write of writes) {
      if (!write.ifAbsent) {
        direct.push(write);
        continue;
      }
      if (write.collection !== collection) {
        collection = write.collection;
        stagedCollection = isStaged(layouts, physicalName(target, collection));
      }
      (stagedCollection ? staged : direct).push(write);
    }
    return { staged, direct };
  };

  /** Appends a bulk load's inserts to their staging tables, collection by collection. */
  const stageAll = (target: Generation, writes: readonly DocWrite[]): void => {
    let start = 0;
    while (start < writes.length) {
      const collection = writes[start]!.collection;
      let end = start + 1;
      while (end < writes.length && writes[end]!.collection === collection) end++;
      const table = physicalName(target, collection);
      const run = writes.slice(start, end);
      appendStaged(statements, quote(stagedName(table)), layouts.of(table), run);
      for (const write of run) pointers.reads.written(table, write.id, write.doc);
      start = end;
    }
  };

  const commitTx = db.transaction(
    (
      target: Generation,
      writes: readonly DocWrite[],
      checkpoint: bigint,
      options: CommitOptions,
    ): boolean => {
      if (
        options.requireActive &&
        (pointers.storedGeneration(target.projection) !== target.generation ||
          // Another writer on this connection (a projection inside an append's transaction)
          // applied these events already: the caller starts again from the stored checkpoint.
          (checkpointOf.get(target.projection, target.generation) ?? -1n) >= checkpoint)
      )
        return false;
      const { staged, direct } = splitStaged(target, writes);
      stageAll(target, staged);
      let collection = '';
      let table = '';
      let writer: TableWriter | undefined;
      // In key order a b-tree insert lands next to the previous one: far fewer page splits
      // and cache misses for the large batches rebuilds write (staged rows are sorted later).
      const ordered = direct.length > 1_000 ? direct.sort(byCollectionAndId) : direct;
      for (const write of ordered) {
        if (write.collection !== collection || !writer) {
          collection = write.collection;
          table = physicalName(target, collection);
          writer = tableWriter(table);
        }
        if (!write.doc) writer.delete.run(write.id);
        else if (write.ifAbsent) writer.insert(write.id, write.doc);
        else writer.put(write.id, write.doc);
        pointers.reads.written(table, write.id, write.doc);
      }
      setCheckpoint.run(checkpoint, target.projection, target.generation);
      return true;
    },
  );
  const commits = new GroupCommit(
    db,
    (target: Generation, writes: readonly DocWrite[], checkpoint: bigint, options: CommitOptions) =>
      commitTx.immediate(target, writes, checkpoint, options),
  );

  const load = (target: Generation, collection: string, ids: readonly string[]) => {
    const result = new Map<string, Doc>();
    if (!ids.length) return result;
    const layout = layouts.of(physicalName(target, collection));
    const rows = statements
      .get(
        `SELECT ${ROW}${layout.select} FROM ${tableOf(target, collection)} WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .raw(true)
      .all(JSON.stringify(ids)) as StoredRow[];
    for (const row of rows) result.set(row[0] as string, layout.assemble(row));
    return result;
  };

  return {
    load: (target, collection, ids) => asPromise(() => load(target, collection, ids)),
    commit: (target, writes, checkpoint, options = {}) =>
      commits.commit(target, writes, checkpoint, options),
    inTransaction: {
      load,
      commit: (target, writes, checkpoint, options = {}) =>
        commitTx(target, writes, checkpoint, options),
    },
  };
}
