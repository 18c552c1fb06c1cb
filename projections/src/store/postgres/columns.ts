import type { ClientBase, Pool } from 'pg';
import { ColumnLayout, columnDefinitions as definitionsIn, columnTypeOf } from '../column-layout';
import type { CollectionSpec, ColumnType } from '../port';

export { ColumnLayout, ROW, type StoredRow } from '../column-layout';

/** The SQL type each column field is declared with: the table itself says what it holds. */
const DECLARED: Record<ColumnType, string> = { number: 'double precision', boolean: 'boolean' };

/** The column definitions after `id` and `doc` in a collection's CREATE TABLE. */
export const columnDefinitions = (spec: CollectionSpec): string => definitionsIn(spec, DECLARED);

const NO_COLUMNS = new ColumnLayout([]);

/**
 * The layout of each table, read from the catalog (so readers and writers agree with whichever
 * version created it) and remembered: a table's columns never change, and a dropped table's name
 * is never used again.
 */
export class TableLayouts {
  private readonly layouts = new Map<string, ColumnLayout>();

  constructor(private readonly pool: Pool) {}

  /**
   * The table's layout; none when it does not exist (yet): its query then fails as it would.
   * Read on `client` inside a transaction that may have created the table (then not remembered:
   * it may roll back).
   */
  async of(table: string, client?: ClientBase): Promise<ColumnLayout> {
    const known = this.layouts.get(table);
    if (known) return known;
    const { rows } = await (client ?? this.pool).query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [`"${table}"`],
    );
    if (!rows.length) return NO_COLUMNS;
    const layout = new ColumnLayout(
      rows
        .filter((c) => c.name !== 'id' && c.name !== 'doc')
        .map((c) => [c.name, columnTypeOf(DECLARED, c.type)] as const),
    );
    if (!client) this.layouts.set(table, layout);
    return layout;
  }
}
