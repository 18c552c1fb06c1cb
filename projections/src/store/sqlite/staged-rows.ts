import type { DocWrite } from '../port';
import type { ColumnLayout } from './columns';
import type { SqlParam } from './sql-query';
import type { StatementCache } from './statement-cache';

/** Rows per INSERT: one statement run per row costs about twice as much in a bulk load. */
const ROWS_PER_INSERT = 50;

/**
 * Appends documents to a staging table (see `stagedName`), several rows per INSERT: nothing to
 * look up or keep in order, so the statement runs are most of the cost.
 */
export function appendStaged(
  statements: StatementCache,
  table: string,
  layout: ColumnLayout,
  writes: readonly DocWrite[],
): void {
  const row = `(?, ?${', ?'.repeat(layout.fields.length)})`;
  const insertOf = (rows: number) =>
    statements.get(
      `INSERT INTO ${table} (id, doc${layout.select}) VALUES ${Array(rows).fill(row).join(', ')}`,
    );
  const params: SqlParam[] = [];
  for (let start = 0; start < writes.length; start += ROWS_PER_INSERT) {
    const end = Math.min(start + ROWS_PER_INSERT, writes.length);
    params.length = 0;
    for (let i = start; i < end; i++) {
      const write = writes[i]!;
      const { json, values } = layout.split(write.doc!);
      params.push(write.id, json, ...values);
    }
    insertOf(end - start).run(params);
  }
}
