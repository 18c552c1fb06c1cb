import type { Pool, PoolClient } from 'pg';
import type { Doc, DocWrite, ReadModelWriter } from '../port';
import { ROW, type ColumnLayout, type StoredRow, type TableLayouts } from './columns';
import { inTransaction } from './schema';
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

/** `INSERT ... SELECT FROM unnest(...)`: every document of a collection in one statement. */
function insertSql(table: string, layout: ColumnLayout, onConflict: string): string {
  const types = [
    'text',
    'jsonb',
    ...layout.fields.map(([, type]) => (type === 'number' ? 'double precision' : 'boolean')),
  ];
  return `INSERT INTO ${table} AS t (id, doc${layout.select}) SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')}) ON CONFLICT (id) ${onConflict}`;
}

/** Replaces whole documents, leaving a row whose document did not change as it is. */
function upsertSql(table: string, layout: ColumnLayout): string {
  const columns = ['doc', ...layout.fields.map(([field]) => `"${field}"`)];
  return insertSql(
    table,
    layout,
    `DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')} WHERE (${columns.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `excluded.${c}`).join(', ')})`,
  );
}

async function writeCollection(
  client: PoolClient,
  table: string,
  layout: ColumnLayout,
  changes: CollectionChanges,
): Promise<void> {
  if (changes.remove.size)
    await client.query(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [[...changes.remove]]);
  if (changes.put.size)
    await client.query(upsertSql(table, layout), columnsOf(layout, changes.put));
  if (changes.insert.size)
    await client.query(insertSql(table, layout, 'DO NOTHING'), columnsOf(layout, changes.insert));
}

/**
 * The runner's documents: loads a batch's documents, and commits its documents with the
 * checkpoint in one transaction, one statement per collection and kind of change.
 */
export function postgresDocuments(
  pool: Pool,
  layouts: TableLayouts,
): Pick<ReadModelWriter, 'load' | 'commit'> {
  return {
    async load(target, collection, ids) {
      const result = new Map<string, Doc>();
      if (!ids.length) return result;
      const table = tableOf(target, collection);
      const layout = await layouts.of(table);
      const { rows } = await pool.query<StoredRow>({
        text: `SELECT ${ROW}${layout.select} FROM ${quote(table)} WHERE id = ANY($1::text[])`,
        values: [ids],
        rowMode: 'array',
      });
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
      try {
        return await inTransaction(pool, async (client) => {
          if (options.requireActive) {
            // A row lock: a flip waits for this commit, or this commit sees the flip.
            const { rows } = await client.query<{ generation: number }>(
              'SELECT generation FROM rm_active WHERE projection = $1 FOR SHARE',
              [target.projection],
            );
            if (rows[0]?.generation !== target.generation) throw SUPERSEDED;
          }
          for (const { table, layout, collection } of tables)
            await writeCollection(client, table, layout, byCollection.get(collection)!);
          await client.query(
            'UPDATE rm_generations SET checkpoint = $3 WHERE projection = $1 AND generation = $2',
            [target.projection, target.generation, checkpoint],
          );
          return true;
        });
      } catch (error) {
        if (error === SUPERSEDED) return false;
        throw error;
      }
    },
  };
}

/** Rolls a commit back when its generation is no longer the active one. */
const SUPERSEDED = new Error('The generation is no longer active');
