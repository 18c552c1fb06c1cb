import type { Database } from 'better-sqlite3';
import type { TextIndexSpec, TextQuery } from '../port';
import type { TableLayouts } from './columns';
import { fieldExpr, whereSql, type SqlParam } from './sql-query';
import { quote } from './quote';

/**
 * The FTS5 table of a collection's text index, beside the collection's table. (Collection names
 * have no `_`, so the name is never another collection's.)
 */
export function textTableName(physical: string): string {
  return `${physical}__text`;
}

/**
 * A collection with a text index keeps its documents in a rowid table, and its FTS5 table (its
 * own copy of the words: porter stems over unicode61, diacritics folded) uses the same rowids,
 * so a changed or deleted document finds its entry by rowid at once. Triggers keep the entry in
 * step with every write path (batches, in-append commits, column updates): a document that stops
 * matching `where` leaves it. Created with the indexes; a bulk load fills it once loaded.
 */
export function createTextIndex(
  db: Database,
  physical: string,
  spec: TextIndexSpec,
  layouts: TableLayouts,
): void {
  const table = quote(physical);
  const text = quote(textTableName(physical));
  const { names } = layouts.of(physical);
  const params: SqlParam[] = [];
  const where = whereSql(spec.where, params, names);
  if (params.length) throw new Error('A text index names booleans only');
  const entryOf = (row: string) =>
    `INSERT INTO ${text} (rowid, body) SELECT rowid, ${fieldExpr(spec.field, names)} FROM ${table} WHERE ${[`rowid = ${row}`, ...where].join(' AND ')};`;
  const fresh = !db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(textTableName(physical));
  // Only writes to what the entry is made of touch it: doc, and the columns it reads if any.
  const read = [spec.field, ...Object.keys(spec.where ?? {})].filter((f) => names.has(f));
  const updateOf = ['doc', ...read.map(quote)].join(', ');
  db.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${text} USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')`,
  );
  if (fresh)
    db.exec(
      `INSERT INTO ${text} (rowid, body) SELECT rowid, ${fieldExpr(spec.field, names)} FROM ${table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    );
  const trigger = (event: string) => quote(`${physical}__text_${event}`);
  db.exec(`
    CREATE TRIGGER IF NOT EXISTS ${trigger('insert')} AFTER INSERT ON ${table} BEGIN
      ${entryOf('new.rowid')}
    END;
    CREATE TRIGGER IF NOT EXISTS ${trigger('update')} AFTER UPDATE OF ${updateOf} ON ${table} BEGIN
      DELETE FROM ${text} WHERE rowid = old.rowid;
      ${entryOf('new.rowid')}
    END;
    CREATE TRIGGER IF NOT EXISTS ${trigger('delete')} AFTER DELETE ON ${table} BEGIN
      DELETE FROM ${text} WHERE rowid = old.rowid;
    END;
  `);
}

/** A phrase as an FTS5 string: each token in double quotes, stemmed like the indexed words. */
const phrase = (words: readonly string[]) =>
  `"${words.map((word) => word.replaceAll('"', '""')).join(' ')}"`;

/** The query as an FTS5 MATCH expression: all words and phrases, none of the excluded. */
export function fts5Match(query: TextQuery): string {
  const wanted = [...query.words.map((word) => phrase([word])), ...query.phrases.map(phrase)];
  if (!wanted.length) throw new Error('A text search needs a word to look for');
  return [`(${wanted.join(' AND ')})`, ...query.excluded.map(phrase)].join(' NOT ');
}
