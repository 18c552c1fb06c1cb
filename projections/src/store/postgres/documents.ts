import type { Pool } from 'pg';
import type { Doc, DocWrite, Generation, ReadModelWriter } from '../port';
import { stageRows } from './bulk-rows';
import { ROW, type ColumnLayout, type StoredRow, type TableLayouts } from './columns';
import { CommitGroup } from './commit-group';
import { CommitStatement } from './commit-statement';
import { named } from './named';
import { quote, tableOf } from './tables';

/** What one commit does to one collection: each id's last state. */
interface CollectionChanges {
  put: Map<string, Doc>;
  insert: Map<string, Doc>;
  remove: Set<string>;
}

/**
 * Each id's writes folded in order into one change: a later write replaces an earlier one; a
 * write only where absent keeps a document that is there (written before, or by an earlier write
 * of the batch) and becomes a plain write after a delete.
 */
function changesByCollection(writes: readonly DocWrite[]): Map<string, CollectionChanges> {
  const byCollection = new Map<string, CollectionChanges>();
  for (const write of writes) {
    let changes = byCollection.get(write.collection);
    if (!changes) {
      changes = { put: new Map(), insert: new Map(), remove: new Set() };
      byCollection.set(write.collection, changes);
    }
    const { id, doc } = write;
    if (!doc) {
      changes.put.delete(id);
      changes.insert.delete(id);
      changes.remove.add(id);
    } else if (!write.ifAbsent) {
      changes.insert.delete(id);
      changes.remove.delete(id);
      changes.put.set(id, doc);
    } else if (changes.remove.delete(id)) {
      changes.put.set(id, doc);
    } else if (!changes.put.has(id) && !changes.insert.has(id)) {
      changes.insert.set(id, doc);
    }
  }
  return byCollection;
}

/** `docs` as the arrays `unnest` takes: ids, jsonb texts, then one array per column field. */
function columnsOf(layout: ColumnLayout, docs: Map<string, Doc>): unknown[][] {
  const arrays: unknown[][] = [[], [], ...layout.fields.map(() => [])];
  for (const [id, doc] of docs) {
    const { json, values } = layout.split(doc);
    arrays[0]!.push(id);
    arrays[1]!.push(json);
    values.forEach((value, i) => arrays[2 + i]!.push(value));
  }
  return arrays;
}

/** Where a part's rows come from: a `SELECT` of the collection's columns, in order. */
type RowSource = (docs: Map<string, Doc>, layout: ColumnLayout) => string;

/** The documents as array parameters of the statement, through `unnest`. */
const rowsFromParameters =
  (statement: CommitStatement): RowSource =>
  (docs, layout) => {
    const types = [
      'text[]',
      'jsonb[]',
      ...layout.fields.map(([, type]) => (type === 'number' ? 'double precision[]' : 'boolean[]')),
    ];
    const arrays = columnsOf(layout, docs);
    const params = types.map((type, i) => statement.param(arrays[i], type)).join(', ');
    return `SELECT * FROM unnest(${params})`;
  };

/** Replaces whole documents, leaving a row whose document did not change as it is. */
function upsertConflict(layout: ColumnLayout): string {
  const columns = ['doc', ...layout.fields.map(([field]) => `"${field}"`)];
  return `DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')} WHERE (${columns.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `excluded.${c}`).join(', ')})`;
}

/** Writes only while the copy is the active one (a live commit), or always (a copy's). */
interface Gate {
  where: string;
  and: string;
}

const UNGATED: Gate = { where: '', and: '' };

/**
 * A collection's changes as parts of the statement. The fold leaves each id in one kind of
 * change, so the parts, which all see the same snapshot, never touch the same row.
 */
function writeCollection(
  statement: CommitStatement,
  { table, layout }: { table: string; layout: ColumnLayout },
  changes: CollectionChanges,
  rows: RowSource,
  gate: Gate,
): void {
  if (changes.remove.size)
    statement.with(
      `DELETE FROM ${table} WHERE id = ANY(${statement.param([...changes.remove], 'text[]')})${gate.and}`,
    );
  const kinds = [
    [changes.put, upsertConflict(layout)],
    [changes.insert, 'DO NOTHING'],
  ] as const;
  for (const [docs, onConflict] of kinds)
    if (docs.size)
      statement.with(
        `INSERT INTO ${table} AS t (id, doc${layout.select}) ${rows(docs, layout)}${gate.where} ON CONFLICT (id) ${onConflict}`,
      );
}

/** The copy a commit writes to, as parameters of its statement. */
interface TargetParams {
  projection: string;
  generation: string;
}

const targetParams = (statement: CommitStatement, target: Generation): TargetParams => ({
  projection: statement.param(target.projection, 'text'),
  generation: statement.param(target.generation, 'integer'),
});

/** The checkpoint's part; answers its name, which has a row when the checkpoint was written. */
function writeCheckpoint(
  statement: CommitStatement,
  { projection, generation }: TargetParams,
  checkpoint: bigint,
  gate: Gate,
): string {
  return statement.with(
    `UPDATE rm_generations SET checkpoint = ${statement.param(checkpoint, 'bigint')} WHERE projection = ${projection} AND generation = ${generation}${gate.and} RETURNING 1`,
  );
}

/**
 * The runner's documents: loads a batch's documents, and commits its documents with the
 * checkpoint in one transaction, one statement per collection and kind of change.
 */
export function postgresDocuments(
  pool: Pool,
  layouts: TableLayouts,
): Pick<ReadModelWriter, 'load' | 'commit'> {
  const group = new CommitGroup(pool);
  return {
    async load(target, collection, ids) {
      const result = new Map<string, Doc>();
      if (!ids.length) return result;
      const table = tableOf(target, collection);
      const layout = await layouts.of(table);
      const { rows } = await pool.query<StoredRow>(
        named(`SELECT ${ROW}${layout.select} FROM ${quote(table)} WHERE id = ANY($1::text[])`, [
          ids,
        ]),
      );
      for (const row of rows) result.set(row[0] as string, layout.assemble(row));
      return result;
    },

    async commit(target, writes, checkpoint, options = {}) {
      const byCollection = changesByCollection(writes);
      const tables = await Promise.all(
        [...byCollection.keys()].map(async (collection) => {
          const table = tableOf(target, collection);
          return { table: quote(table), layout: await layouts.of(table), collection };
        }),
      );
      if (!options.requireActive && documentsIn(byCollection) >= BULK_DOCUMENTS)
        return commitInBulk(pool, target, tables, byCollection, checkpoint);
      try {
        // One statement, atomic on its own: documents and checkpoint together.
        const checkpointWritten = await group.run((statement) => {
          const names = targetParams(statement, target);
          let gate = UNGATED;
          if (options.requireActive) {
            // A row lock: a flip waits for this commit, or this commit sees the flip and writes nothing.
            const active = statement.with(
              `SELECT 1 FROM rm_active WHERE projection = ${names.projection} AND generation = ${names.generation} FOR SHARE`,
            );
            const exists = `EXISTS (SELECT 1 FROM ${active})`;
            gate = { where: ` WHERE ${exists}`, and: ` AND ${exists}` };
          }
          const rows = rowsFromParameters(statement);
          for (const table of tables)
            writeCollection(statement, table, byCollection.get(table.collection)!, rows, gate);
          return writeCheckpoint(statement, names, checkpoint, gate);
        });
        // Superseded: the active generation is another one, and nothing was written.
        return !options.requireActive || checkpointWritten;
      } catch (error) {
        // Superseded and dropped already: only a generation no longer active loses its tables.
        if (options.requireActive && (error as { code?: unknown }).code === UNDEFINED_TABLE)
          return false;
        throw error;
      }
    },
  };
}

const UNDEFINED_TABLE = '42P01';

/** From this many documents in one commit (a rebuild's copies), they travel by COPY. */
const BULK_DOCUMENTS = 2_000;

const documentsIn = (byCollection: Map<string, CollectionChanges>) =>
  [...byCollection.values()].reduce((sum, c) => sum + c.put.size + c.insert.size, 0);

/**
 * A large commit of a copy no reader uses yet (a rebuild's): its documents are staged with COPY
 * in the transaction, then written with the deletions and the checkpoint in one statement, as a
 * small commit writes them from array parameters.
 */
async function commitInBulk(
  pool: Pool,
  target: Generation,
  tables: ReadonlyArray<{ table: string; layout: ColumnLayout; collection: string }>,
  byCollection: Map<string, CollectionChanges>,
  checkpoint: bigint,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Staged before the statement is written: its parts name the staged tables.
    const staged = new Map<Map<string, Doc>, string>();
    for (const { table, layout, collection } of tables) {
      const changes = byCollection.get(collection)!;
      for (const docs of [changes.put, changes.insert])
        if (docs.size)
          staged.set(
            docs,
            await stageRows(client, `rm_staged_${staged.size}`, table, layout, docs),
          );
    }
    const statement = new CommitStatement();
    const rows: RowSource = (docs) => `SELECT * FROM ${staged.get(docs)!}`;
    for (const table of tables)
      writeCollection(statement, table, byCollection.get(table.collection)!, rows, UNGATED);
    const names = targetParams(statement, target);
    const checkpointed = writeCheckpoint(statement, names, checkpoint, UNGATED);
    await client.query(statement.text(`SELECT 1 FROM ${checkpointed}`), statement.values);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
