import type { Database } from 'better-sqlite3';
import { assertName, physicalName } from '../names';
import type { CollectionSpec, Generation } from '../port';
import { withIdTieBreaker } from '../sort';
import { columnDefinitions, type TableLayouts } from './columns';
import { orderSql } from './sql-query';

export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** The quoted table of one collection of one generation. */
export function tableOf(target: Generation, collection: string): string {
  return quote(physicalName(target, collection));
}

/**
 * One table per collection (`id` primary key, `doc` JSON, a typed column per column field) and its
 * declared indexes, on those columns or as expression indexes on `json_extract(doc, '$.field')`,
 * which the generated queries repeat verbatim. Indexes follow the columns the table has, should
 * it predate its collection's columns.
 */
export function createTables(
  db: Database,
  target: Generation,
  collections: readonly CollectionSpec[],
  withIndexes: boolean,
  layouts: TableLayouts,
): void {
  for (const spec of collections) {
    assertName('collection', spec.name);
    const name = physicalName(target, spec.name);
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${quote(name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL${columnDefinitions(spec)}) WITHOUT ROWID`,
    );
    if (!withIndexes) continue;
    const { names } = layouts.of(name);
    spec.indexes.forEach((index, i) => {
      const columns = orderSql(withIdTieBreaker(index.fields), names);
      db.exec(
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(`${name}_${i}`)} ON ${quote(name)} (${columns})`,
      );
    });
  }
}
