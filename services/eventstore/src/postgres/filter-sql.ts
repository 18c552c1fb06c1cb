import { parseUntil } from '../event-codec';
import type { EventFilter } from '../port';

/**
 * The WHERE clauses (each starting with AND) for a readAll / subscription / count filter, pushing
 * their parameters onto `params` (`$n` numbered after those already there). The SQL text depends
 * only on the filter's shape, so each shape is prepared once.
 */
export function filterSql(
  filter: EventFilter | undefined,
  until: string | undefined,
  params: unknown[],
): string {
  const next = (value: unknown) => `$${params.push(value)}`;
  let sql = '';
  if (filter?.eventTypes) {
    // One type: the (type, position) index yields rows already in position order.
    const types = filter.eventTypes;
    sql += types.length === 1 ? ` AND type = ${next(types[0])}` : ` AND type = ANY(${next(types)})`;
  }
  if (filter?.streamPrefixes) {
    // starts_with, not LIKE: LIKE treats % and _ in names as wildcards.
    sql += ` AND EXISTS (SELECT 1 FROM unnest(${next(filter.streamPrefixes)}::text[]) AS p WHERE starts_with(stream, p))`;
  }
  if (until !== undefined) sql += ` AND recorded_at <= ${next(parseUntil(until))}`;
  return sql;
}
