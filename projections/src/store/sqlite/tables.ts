import type { Database } from 'better-sqlite3';
import { assertName, physicalName } from '../names';
import type { CollectionSpec, Generation } from '../port';
import { withIdTieBreaker } from '../sort';
import { fieldExpr } from './sql-query';

export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** The quoted table of one collection of one generation. */
export function tableOf(target: Generation, collection: string): string {
  return quote(physicalName(target, collection));
}

/**
 * One table per collection (`id` primary key, `doc` JSON) and its declared indexes as expression
 * indexes on `json_extract(doc, '$.field')`, which the generated queries repeat verbatim.
 */
export function createTables(
  db: Database,
  target: Generation,
  collections: readonly CollectionSpec[],
  withIndexes: boolean,
): void {
  for (const spec of collections) {
    assertName('collection', spec.name);
    const name = physicalName(target, spec.name);
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${quote(name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID`,
    );
    if (!withIndexes) continue;
    spec.indexes.forEach((index, i) => {
      const fields = withIdTieBreaker(index.fields);
      const columns = fields
        .map(([field, direction]) => `${fieldExpr(field)}${direction === -1 ? ' DESC' : ''}`)
        .join(', ');
      db.exec(
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(`${name}_${i}`)} ON ${quote(name)} (${columns})`,
      );
    });
  }
}
