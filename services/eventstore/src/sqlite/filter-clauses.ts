import type { EventFilter } from '../port';
import { parseUntil } from '../event-codec';

/**
 * The WHERE clauses (each starting with AND) for a readAll / subscription filter, pushing their
 * parameters onto `params`. The SQL text depends only on the filter's shape, so callers can cache
 * one prepared statement per text.
 */
export function filterClauses(filter: EventFilter | undefined, until: string | undefined, params: unknown[]): string {
  let sql = '';
  if (filter?.eventTypes) {
    sql += ` AND type IN (${filter.eventTypes.map(() => '?').join(', ') || 'NULL'})`;
    params.push(...filter.eventTypes);
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
