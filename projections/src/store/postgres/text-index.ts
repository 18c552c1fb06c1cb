import type { ColumnLayout } from './columns';
import { SqlQuery } from './sql-query';
import type { TextIndexSpec } from '../port';

/** The text of a string field of the document (never a column: columns hold numbers and booleans). */
export function textOf(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field))
    throw new Error(`Invalid field "${field}"`);
  return `coalesce(doc #>> '{${field.split('.').join(',')}}', '')`;
}

/** The words of the field, stemmed in English: the GIN index's expression, repeated verbatim by searches. */
export const vectorOf = (spec: TextIndexSpec) =>
  `to_tsvector('english'::regconfig, ${textOf(spec.field)})`;

/** The index's `where` as SQL terms, in the text the partial index and the searches share. */
export function textIndexWhere(spec: TextIndexSpec, layout: ColumnLayout): string[] {
  const query = new SqlQuery(layout);
  const where = query.where(spec.where);
  if (query.params.length) throw new Error('A text index names booleans only');
  return where;
}
