import type { Doc } from '../port';
import { ROW, type ColumnLayout, type StoredRow } from './columns';
import type { SqlParam } from './sql-query';
import type { StatementCache } from './statement-cache';

/**
 * Writes whole documents into a table with column fields, setting only what changed: the stored
 * row is read first, and an UPDATE names only the parts that differ. SQLite maintains an index
 * only when its UPDATE sets a column the index reads, so a change to counters alone (a vote, a
 * view) neither evaluates the expression indexes on `doc` nor touches the indexes on other
 * counters; a document that did not change at all is not written.
 */
export function columnWriter(
  statements: StatementCache,
  table: string,
  layout: ColumnLayout,
): (id: string, doc: Doc) => void {
  const current = statements
    .get(`SELECT ${ROW}${layout.select} FROM ${table} WHERE id = ?`)
    .raw(true);
  const insert = statements.get(
    `INSERT INTO ${table} (id, doc${layout.select}) VALUES (?, ?${', ?'.repeat(layout.fields.length)})`,
  );
  return (id, doc) => {
    const { json, values } = layout.split(doc);
    const stored = current.get(id) as StoredRow | undefined;
    if (!stored) {
      insert.run(id, json, ...values);
      return;
    }
    const changed: string[] = [];
    const params: SqlParam[] = [];
    if (stored[1] !== json) {
      changed.push('doc = ?');
      params.push(json);
    }
    layout.fields.forEach(([field], i) => {
      if (stored[2 + i] === values[i]) return;
      changed.push(`"${field}" = ?`);
      params.push(values[i] ?? null);
    });
    if (!changed.length) return;
    statements.get(`UPDATE ${table} SET ${changed.join(', ')} WHERE id = ?`).run(...params, id);
  };
}
