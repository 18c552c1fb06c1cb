import type { FieldCondition, Filter, Scalar, Sort } from '../port';
import type { ColumnLayout } from './columns';

/**
 * SQL over a collection's table: `id` (text, code-point order), `doc` (jsonb) and typed column
 * fields. A field of the document is compared as jsonb: numbers as numbers, strings by code
 * point (the store refuses a database that orders them otherwise), a JSON null as SQL NULL, like
 * a missing field, so that `{ field: null }` finds both and NULLs sort first ascending, as in the
 * other stores. Indexes are made of the very same expressions.
 */
export class SqlQuery {
  constructor(
    private readonly layout: ColumnLayout,
    /** The parameters so far; `$n` placeholders number after them. */
    readonly params: unknown[] = [],
  ) {}

  /** The expression of a field: `id`, its column, or its jsonb path in `doc`. */
  field(field: string): string {
    if (field === '_id') return 'id';
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field))
      throw new Error(`Invalid field "${field}"`);
    if (this.layout.names.has(field)) return `"${field}"`;
    return `nullif(doc${field
      .split('.')
      .map((key) => ` -> '${key}'`)
      .join('')}, 'null'::jsonb)`;
  }

  /**
   * `value` as the field's expression compares to it: a parameter, except booleans, written as
   * literals so that a partial index made by `where` (with booleans only) serves the query.
   */
  private value(field: string, value: Scalar): string {
    const jsonb = field !== '_id' && !this.layout.names.has(field);
    if (typeof value === 'boolean') return jsonb ? `'${String(value)}'::jsonb` : String(value);
    const placeholder = `$${this.params.push(jsonb ? JSON.stringify(value) : value)}`;
    return jsonb ? `${placeholder}::jsonb` : placeholder;
  }

  /** The filter's terms, to be joined with AND. */
  where(filter: Filter | undefined): string[] {
    const parts: string[] = [];
    for (const [field, value] of Object.entries(filter ?? {})) {
      const expr = this.field(field);
      if (typeof value === 'object' && value !== null)
        parts.push(...this.condition(field, expr, value));
      else if (value === null) parts.push(`${expr} IS NULL`);
      else parts.push(`${expr} = ${this.value(field, value)}`);
    }
    return parts;
  }

  private condition(field: string, expr: string, condition: FieldCondition): string[] {
    const parts: string[] = [];
    for (const [op, value] of Object.entries(condition)) {
      if (value === undefined) continue;
      if (op === '$in') {
        const values = value as readonly Scalar[];
        const present = values.filter((v) => v !== null);
        const ors = present.length
          ? [`${expr} IN (${present.map((v) => this.value(field, v)).join(', ')})`]
          : [];
        if (present.length !== values.length) ors.push(`${expr} IS NULL`);
        parts.push(ors.length ? `(${ors.join(' OR ')})` : 'false');
      } else if (op === '$eq' || op === '$ne') {
        const negate = op === '$ne';
        if (value === null) parts.push(`${expr} IS ${negate ? 'NOT ' : ''}NULL`);
        else
          parts.push(
            `${expr} ${negate ? 'IS DISTINCT FROM' : '='} ${this.value(field, value as Scalar)}`,
          );
      } else if (RANGE[op]) {
        if (value === null) throw new Error(`${op} null is not supported`);
        parts.push(`${expr} ${RANGE[op]} ${this.value(field, value as Scalar)}`);
      } else {
        throw new Error(`Unsupported operator ${op}`);
      }
    }
    return parts;
  }

  /** Keyset condition "strictly after these sort values", NULLs first ascending. */
  after(sort: Sort, values: readonly Scalar[]): string {
    const ors: string[] = [];
    for (let i = 0; i < sort.length; i++) {
      const ands = sort.slice(0, i).map(([field], j) => {
        const v = values[j]!;
        return v === null
          ? `${this.field(field)} IS NULL`
          : `${this.field(field)} = ${this.value(field, v)}`;
      });
      const [field, direction] = sort[i]!;
      const expr = this.field(field);
      const v = values[i]!;
      if (direction === 1)
        ands.push(v === null ? `${expr} IS NOT NULL` : `${expr} > ${this.value(field, v)}`);
      else
        ands.push(v === null ? 'false' : `(${expr} < ${this.value(field, v)} OR ${expr} IS NULL)`);
      ors.push(`(${ands.join(' AND ')})`);
    }
    return `(${ors.join(' OR ')})`;
  }

  /** ORDER BY (and index) terms: NULLs first ascending, last descending. */
  order(sort: Sort): string {
    return sort
      .map(
        ([field, direction]) =>
          `${this.field(field)} ${direction === -1 ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`,
      )
      .join(', ');
  }
}

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
