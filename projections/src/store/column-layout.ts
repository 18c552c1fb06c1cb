import type { CollectionSpec, ColumnType, Doc } from './port';

const COLUMN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `row`: the SQLite rowid of a collection with a text index (see `createTables`). */
const RESERVED = new Set(['id', 'doc', '_id', 'row']);

/**
 * A document's row as the SQL stores read it in raw (array) mode: the id, the JSON (SQLite's
 * text, PostgreSQL's parsed jsonb), then the columns. Arrays: objects with a key per column cost
 * more to build than the rest of the read.
 */
export type StoredRow = unknown[];

/** The first columns of a `StoredRow`. */
export const ROW = 'id, doc';

/** The column definitions after `id` and `doc` in a collection's CREATE TABLE, in `declared` types. */
export function columnDefinitions(
  spec: CollectionSpec,
  declared: Readonly<Record<ColumnType, string>>,
): string {
  return Object.entries(spec.columns ?? {})
    .map(([field, type]) => {
      if (!COLUMN.test(field) || RESERVED.has(field))
        throw new Error(`Invalid column field "${field}" in collection "${spec.name}"`);
      return `, "${field}" ${declared[type]}`;
    })
    .join('');
}

/** The column type a table's column was declared with, in `declared` types. */
export function columnTypeOf(
  declared: Readonly<Record<ColumnType, string>>,
  sqlType: string,
): ColumnType {
  const type = (Object.keys(declared) as ColumnType[]).find((t) => declared[t] === sqlType);
  if (!type) throw new Error(`Unknown read-model column type "${sqlType}"`);
  return type;
}

/**
 * The value a column field is stored as (a boolean as 1 or 0, which both stores take for their
 * boolean columns); a wrong type is a projection's bug, refused loudly.
 */
function columnValue(field: string, type: ColumnType, value: unknown): number | null {
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
  split(doc: Doc): { json: string; values: Array<number | null> } {
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
    const stored = row[1];
    const doc = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Doc;
    doc._id = row[0] as string;
    this.fields.forEach(([field, type], i) => {
      const value = row[2 + i];
      if (value !== null && value !== undefined)
        doc[field] = type === 'boolean' ? value === true || value === 1 : value;
    });
    return doc;
  }
}
