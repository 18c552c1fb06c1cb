import type { Database } from 'better-sqlite3';
import { assertName, physicalName } from '../names';
import type { CollectionSpec, Generation, IndexSpec } from '../port';
import { withIdTieBreaker } from '../sort';
import { columnDefinitions, type TableLayouts } from './columns';
import { quote } from './quote';
import { orderSql, whereSql, type Columns, type SqlParam } from './sql-query';
import { createTextIndex } from './text-index';

export { quote };

/**
 * Where a bulk load appends an `insertOnly` collection's documents until its indexes are made:
 * a plain table without a key, so each write lands at its end. (Collection names have no `_`,
 * so the name is never another collection's.)
 */
export function stagedName(physical: string): string {
  return `${physical}__staged`;
}

/** Whether a bulk load is staging this table's inserts now (see `stagedName`). */
export function isStaged(layouts: TableLayouts, physical: string): boolean {
  return layouts.exists(stagedName(physical));
}

/** The quoted table of one collection of one generation. */
export function tableOf(target: Generation, collection: string): string {
  return quote(physicalName(target, collection));
}

/**
 * One table per collection (`id` primary key, `doc` JSON, a typed column per column field) and its
 * declared indexes (a text index: see `createTextIndex`), on those columns or as expression indexes on `json_extract(doc, '$.field')`,
 * which the generated queries repeat verbatim. Indexes follow the columns the table has, should
 * it predate its collection's columns. Without indexes (a bulk load), an `insertOnly` collection
 * also gets its staging table; with them, what was staged is sorted into the table first.
 * Returns whether a staging table was dropped (statements prepared on it must go).
 */
export function createTables(
  db: Database,
  target: Generation,
  collections: readonly CollectionSpec[],
  withIndexes: boolean,
  layouts: TableLayouts,
): boolean {
  let droppedStaging = false;
  for (const spec of collections) {
    assertName('collection', spec.name);
    const name = physicalName(target, spec.name);
    const definitions = columnDefinitions(spec);
    // A text index finds its documents by rowid (see `createTextIndex`): declared, so that no
    // VACUUM renumbers the rows under the index.
    db.exec(
      spec.text
        ? `CREATE TABLE IF NOT EXISTS ${quote(name)} (row INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${definitions})`
        : `CREATE TABLE IF NOT EXISTS ${quote(name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL${definitions}) WITHOUT ROWID`,
    );
    if (!withIndexes) {
      if (spec.insertOnly)
        db.exec(
          `CREATE TABLE IF NOT EXISTS ${quote(stagedName(name))} (id TEXT NOT NULL, doc TEXT NOT NULL${definitions})`,
        );
      continue;
    }
    if (spec.insertOnly && mergeStaged(db, name, layouts)) droppedStaging = true;
    const { names } = layouts.of(name);
    spec.indexes.forEach((index, i) => {
      const columns = orderSql(withIdTieBreaker(index.fields), names);
      db.exec(
        `CREATE INDEX IF NOT EXISTS ${quote(`${name}_${i}`)} ON ${quote(name)} (${columns})${partialSql(index, names)}`,
      );
    });
    if (spec.text) createTextIndex(db, name, spec.text, layouts);
  }
  return droppedStaging;
}

/** A partial index's `WHERE`, in the very text finds filtering on its values use. */
function partialSql(index: IndexSpec, names: Columns): string {
  const params: SqlParam[] = [];
  const terms = whereSql(index.where, params, names);
  // Booleans are written as literals: an index cannot take parameters.
  if (params.length) throw new Error('A partial index names booleans only');
  return terms.length ? ` WHERE ${terms.join(' AND ')}` : '';
}

/**
 * Moves a bulk load's staged documents into their table in id order (each lands beside the last,
 * at the b-tree's end) and drops the staging table; of a document staged twice, the first staged
 * is kept (its rowid breaks the tie), as an insert into the table would have kept it.
 */
function mergeStaged(db: Database, name: string, layouts: TableLayouts): boolean {
  if (!isStaged(layouts, name)) return false;
  const staged = stagedName(name);
  const { select } = layouts.of(name);
  db.exec(
    `INSERT INTO ${quote(name)} (id, doc${select}) SELECT id, doc${select} FROM ${quote(staged)} WHERE true ORDER BY id, rowid ON CONFLICT (id) DO NOTHING`,
  );
  db.exec(`DROP TABLE ${quote(staged)}`);
  return true;
}
