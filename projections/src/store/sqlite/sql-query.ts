import type { FieldCondition, Filter, Scalar, Sort } from '../port';

export type SqlParam = string | number | bigint | null;

/** The fields a table keeps in columns of their own (see ColumnLayout). */
export type Columns = ReadonlySet<string>;
const NONE: Columns = new Set();

/**
 * The SQL expression of a field: its column, or its JSON path in `doc`, in identical text in
 * indexes and queries so SQLite uses the index.
 */
export function fieldExpr(field: string, columns: Columns = NONE): string {
  if (field === '_id') return 'id';
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field))
    throw new Error(`Invalid field "${field}"`);
  if (columns.has(field)) return `"${field}"`;
  return `json_extract(doc, '$.${field}')`;
}

/**
 * `expr = value`. A boolean is written as its literal (`= 1`) rather than a parameter, so that
 * SQLite can prove a partial index's `WHERE` (see `IndexSpec.where`, made by this same function)
 * when it prepares the statement; with a parameter it prepares the statement again at each run.
 */
function equalsSql(expr: string, value: Scalar, params: SqlParam[]): string {
  if (typeof value === 'boolean') return `${expr} = ${toParam(value)}`;
  params.push(toParam(value));
  return `${expr} = ?`;
}

export function toParam(value: Scalar): SqlParam {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function isCondition(value: Scalar | FieldCondition): value is FieldCondition {
  return typeof value === 'object' && value !== null;
}

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function conditionSql(expr: string, condition: FieldCondition, params: SqlParam[]): string[] {
  const parts: string[] = [];
  for (const [op, value] of Object.entries(condition)) {
    if (value === undefined) continue;
    if (op === '$eq' || op === '$ne') {
      const negate = op === '$ne';
      if (value === null) parts.push(`${expr} IS ${negate ? 'NOT ' : ''}NULL`);
      else if (!negate) parts.push(equalsSql(expr, value as Scalar, params));
      else {
        parts.push(`${expr} IS NOT ?`);
        params.push(toParam(value as Scalar));
      }
    } else if (op === '$in') {
      const values = value as readonly Scalar[];
      const present = values.filter((v) => v !== null);
      const ors: string[] = [];
      if (present.length) {
        ors.push(`${expr} IN (${present.map(() => '?').join(', ')})`);
        params.push(...present.map(toParam));
      }
      if (present.length !== values.length) ors.push(`${expr} IS NULL`);
      parts.push(ors.length ? `(${ors.join(' OR ')})` : '0');
    } else if (RANGE[op]) {
      if (value === null) throw new Error(`${op} null is not supported`);
      parts.push(`${expr} ${RANGE[op]} ?`);
      params.push(toParam(value as Scalar));
    } else {
      throw new Error(`Unsupported operator ${op}`);
    }
  }
  return parts;
}

export function whereSql(
  filter: Filter | undefined,
  params: SqlParam[],
  columns: Columns = NONE,
): string[] {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(filter ?? {})) {
    const expr = fieldExpr(field, columns);
    if (isCondition(value)) parts.push(...conditionSql(expr, value, params));
    else if (value === null) parts.push(`${expr} IS NULL`);
    else parts.push(equalsSql(expr, value, params));
  }
  return parts;
}

/** Keyset condition "strictly after these sort values" with SQLite's (and Mongo's) nulls-first order. */
export function afterSql(
  sort: Sort,
  values: readonly Scalar[],
  params: SqlParam[],
  columns: Columns = NONE,
): string {
  const ors: string[] = [];
  for (let i = 0; i < sort.length; i++) {
    const ands: string[] = [];
    for (let j = 0; j < i; j++) {
      const expr = fieldExpr(sort[j]![0], columns);
      const v = values[j]!;
      if (v === null) ands.push(`${expr} IS NULL`);
      else {
        ands.push(`${expr} = ?`);
        params.push(toParam(v));
      }
    }
    const [field, direction] = sort[i]!;
    const expr = fieldExpr(field, columns);
    const v = values[i]!;
    if (direction === 1) {
      if (v === null) ands.push(`${expr} IS NOT NULL`);
      else {
        ands.push(`${expr} > ?`);
        params.push(toParam(v));
      }
    } else if (v === null) {
      ands.push('0');
    } else {
      ands.push(`(${expr} < ? OR ${expr} IS NULL)`);
      params.push(toParam(v));
    }
    ors.push(`(${ands.join(' AND ')})`);
  }
  return `(${ors.join(' OR ')})`;
}

export function orderSql(sort: Sort, columns: Columns = NONE): string {
  return sort
    .map(([field, direction]) => `${fieldExpr(field, columns)}${direction === -1 ? ' DESC' : ''}`)
    .join(', ');
}
