import type { Database, Statement } from 'better-sqlite3';
import type { CollectionSpec, ColumnType, Doc } from '../port';
import type { SqlParam } from './sql-query';

/** The SQL type each column is declared with: the table itself says what its columns hold. */
const DECLARED: Record<ColumnType, string> = { number: 'NUMERIC', boolean: 'BOOLEAN' };
const COLUMN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(['id', 'doc', '_id']);

/**
 * A document's row as `SELECT ${ROW}${layout.select}` reads it in raw mode (an array: objects
 * with a key per column cost more to build than the rest of the read): the id, the JSON, then the
 * columns.
 */
export type StoredRow = readonly unknown[];

/** The first columns of a `StoredRow`. */
export const ROW = 'id, doc';

function typeOfDeclared(declared: string): ColumnType {
  const type = (Object.keys(DECLARED) as ColumnType[]).find((t) => DECLARED[t] === declared);
  if (!type) throw new Error(`Unknown read-model column type "${declared}"`);
  return type;
}

/** The column definitions after `id` and `doc` in a collection's CREATE TABLE. */
export function columnDefinitions(spec: CollectionSpec): string {
  return Object.entries(spec.columns ?? {})
    .map(([field, type]) => {
      if (!COLUMN.test(field) || RESERVED.has(field))
        throw new Error(`Invalid column field "${field}" in collection "${spec.name}"`);
      return `, "${field}" ${DECLARED[type]}`;
    })
    .join('');
}

/** The value a column field is stored as; a wrong type is a projection's bug, refused loudly. */
function columnValue(field: string, type: ColumnType, value: unknown): SqlParam {
  if (value === undefined) return null;
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if (type === 'boolean' && typeof value === 'boolean') return value ? 1 : 0;
  throw new Error(`Field "${field}" is a ${type} column: cannot store ${JSON.stringify(value)}`);
}

/**
 * How one table keeps its documents: the JSON `doc` and, for the collection's column fields, one
 * typed column each, so that a change to only those leaves `doc` and the indexes on it alone.
 */
export class ColumnLayout {
  readonly names: ReadonlySet<string>;
  /** The columns after `doc` in a SELECT (`, "a", "b"`), empty without columns. */
  readonly select: string;

  constructor(readonly fields: ReadonlyArray<readonly [field: string, type: ColumnType]>) {
    this.names = new Set(fields.map(([field]) => field));
    this.select = fields.map(([field]) => `, "${field}"`).join('');
  }

  /**
   * The document as stored: its JSON without `_id` (the row's id holds it: a copy would make every
   * row longer, and the table and its writes larger) or the column fields, and the columns' values.
   */
  split(doc: Doc): { json: string; values: SqlParam[] } {
    const rest: Record<string, unknown> = {};
    for (const key in doc) if (key !== '_id' && !this.names.has(key)) rest[key] = doc[key];
    return {
      json: JSON.stringify(rest),
      values: this.fields.map(([field, type]) => columnValue(field, type, doc[field])),
    };
  }

  /**
   * The document a stored row holds (an absent column field is NULL, and absent again). Rows
   * written before `split` left `_id` out hold it in their JSON too, with the same value.
   */
  assemble(row: StoredRow): Doc {
    const doc = JSON.parse(row[1] as string) as Doc;
    doc._id = row[0] as string;
    this.fields.forEach(([field, type], i) => {
      const value = row[2 + i];
      if (value !== null && value !== undefined)
        doc[field] = type === 'boolean' ? value !== 0 : value;
    });
    return doc;
  }
}

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
        .filter((c) => c.name !== 'id' && c.name !== 'doc')
        .map((c) => [c.name, typeOfDeclared(c.type)] as const),
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
