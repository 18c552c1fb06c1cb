import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { assertName, physicalName } from '../names';
import type { CollectionSpec, Generation } from '../port';
import { withIdTieBreaker } from '../sort';
import { columnDefinitions, type TableLayouts } from './columns';
import { SqlQuery } from './sql-query';
import { textIndexWhere, vectorOf } from './text-index';

/** PostgreSQL cuts identifiers at 63 bytes: a longer name keeps its start and gets a hash. */
export function identifier(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${Buffer.from(name)
    .subarray(0, 46)
    .toString()
    .replace(/\uFFFD$/, '')}_${hash}`;
}

/** The table of one collection of one generation (unquoted). */
export const tableOf = (target: Generation, collection: string): string =>
  identifier(physicalName(target, collection));

export const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/**
 * One table per collection (`id` text in code-point order, primary key; `doc` jsonb; a typed
 * column per column field) and, `withIndexes`, its declared indexes on the same expressions the
 * queries use (`SqlQuery`), `_id` last as the tie-breaker, partial where declared. A bulk load
 * defers them; the primary key always exists, so a write only where absent keeps the first.
 */
export async function createTables(
  client: PoolClient,
  target: Generation,
  collections: readonly CollectionSpec[],
  withIndexes: boolean,
  layouts: TableLayouts,
): Promise<void> {
  for (const spec of collections) {
    assertName('collection', spec.name);
    const table = tableOf(target, spec.name);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${quote(table)} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL${columnDefinitions(spec)})`,
    );
    if (!withIndexes) continue;
    // Indexes follow the columns the table has, should it predate its collection's columns.
    const layout = await layouts.of(table, client);
    for (const [i, index] of spec.indexes.entries()) {
      const query = new SqlQuery(layout);
      const where = query.where(index.where);
      if (query.params.length) throw new Error('A partial index names booleans only');
      await client.query(
        `CREATE INDEX IF NOT EXISTS ${quote(identifier(`${table}_${i}`))} ON ${quote(table)} (${query.order(withIdTieBreaker(index.fields))})${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      );
    }
    if (spec.text) {
      const where = textIndexWhere(spec.text, layout);
      await client.query(
        `CREATE INDEX IF NOT EXISTS ${quote(identifier(`${table}_text`))} ON ${quote(table)} USING gin ((${vectorOf(spec.text)}))${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      );
    }
  }
}
