import type { EventFilter } from '../port';
import { parseUntil } from '../event-codec';

/**
 * The WHERE clauses (each starting with AND) for a readAll / subscription filter, pushing their
 * parameters onto `params`. The SQL text depends only on the filter's shape, so callers can cache
 * one prepared statement per text.
 */
export function filterClauses(
  filter: EventFilter | undefined,
  until: string | undefined,
  params: unknown[],
): string {
  let sql = '';
  if (filter?.eventTypes) {
    // One type: the (type, position) index yields rows already in position order. Several: the
    // index would yield them type by type, and SQLite would sort every remaining match for each
    // page (quadratic over a long catch-up); `+type` keeps it on the position range instead and
    // checks the type per row, which is linear.
    const types = filter.eventTypes;
    sql +=
      types.length === 1
        ? ' AND type = ?'
        : ` AND +type IN (${types.map(() => '?').join(', ') || 'NULL'})`;
    params.push(...types);
  }
  if (filter?.streamPrefixes) {
    // substr instead of LIKE: LIKE is case-insensitive and treats % and _ in names as wildcards.
    const clauses = filter.streamPrefixes.map((prefix) => {
      params.push(prefix.length, prefix);
      return 'substr(stream, 1, ?) = ?';
    });
    sql += ` AND (${clauses.join(' OR ') || '0'})`;
  }
  if (until !== undefined) {
    sql += ' AND recorded_at <= ?';
    params.push(parseUntil(until));
  }
  return sql;
}
