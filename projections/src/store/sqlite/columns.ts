import type { Database, Statement } from 'better-sqlite3';
import { ColumnLayout, columnDefinitions as definitionsIn, columnTypeOf } from '../column-layout';
import type { CollectionSpec, ColumnType } from '../port';

export { ColumnLayout, ROW, type StoredRow } from '../column-layout';

/** The SQL type each column is declared with: the table itself says what its columns hold. */
const DECLARED: Record<ColumnType, string> = { number: 'NUMERIC', boolean: 'BOOLEAN' };

/** The column definitions after `id` and `doc` in a collection's CREATE TABLE. */
export const columnDefinitions = (spec: CollectionSpec): string => definitionsIn(spec, DECLARED);

const NO_COLUMNS = new ColumnLayout([]);

/**
 * The layout of each table, read from the table itself (so readers and writers agree with
 * whichever version created it) and remembered: a table's columns never change, and a dropped
 * table's name is never used again.
 */
export class TableLayouts {
  private readonly layouts = new Map<string, ColumnLayout>();
  /** Whether a table exists, as last looked up (cleared with the layouts when tables go). */
  private readonly existing = new Map<string, boolean>();
  private readonly tableInfo: Statement<[string], { name: string; type: string }>;

  constructor(db: Database) {
    this.tableInfo = db.prepare('SELECT name, type FROM pragma_table_info(?)');
  }

  /** The table's layout; none when it does not exist (yet): its query then fails as it would. */
  of(physical: string): ColumnLayout {
    let layout = this.layouts.get(physical);
    if (layout) return layout;
    const columns = this.tableInfo.all(physical);
    if (!columns.length) return NO_COLUMNS;
    layout = new ColumnLayout(
      columns
        .filter((c) => c.name !== 'id' && c.name !== 'doc' && c.name !== 'row')
        .map((c) => [c.name, columnTypeOf(DECLARED, c.type)] as const),
    );
    this.layouts.set(physical, layout);
    return layout;
  }

  /** Whether the table exists; remembered until `clear` (callers clear after dropping tables). */
  exists(physical: string): boolean {
    let exists = this.existing.get(physical);
    if (exists === undefined) {
      exists = this.layouts.has(physical) || this.tableInfo.all(physical).length > 0;
      this.existing.set(physical, exists);
    }
    return exists;
  }

  clear(): void {
    this.layouts.clear();
    this.existing.clear();
  }
}
