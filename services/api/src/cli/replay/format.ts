import type { ReplayFormat } from './args';

export type Row = Record<string, unknown>;

function cell(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return '';
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return value === null ? '' : (JSON.stringify(value) ?? '');
  }
}

function columnsOf(rows: readonly Row[]): string[] {
  const columns: string[] = [];
  for (const row of rows)
    for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return columns;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as an aligned text table, a JSON array, or RFC 4180 CSV. */
export function formatRows(rows: readonly Row[], format: ReplayFormat): string {
  if (format === 'json')
    return `${JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`;
  const columns = columnsOf(rows);
  const lines = rows.map((row) => columns.map((column) => cell(row[column])));
  if (format === 'csv')
    return [columns, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
  if (!rows.length) return '(no rows)\n';
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...lines.map((line) => Math.min(60, line[i]!.length))),
  );
  const render = (line: string[]) =>
    line
      .map((value, i) =>
        (value.length > 60 ? `${value.slice(0, 57)}...` : value).padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return (
    [render(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join(
      '\n',
    ) + '\n'
  );
}
