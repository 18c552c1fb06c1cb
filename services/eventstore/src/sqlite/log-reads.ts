import type { Database, Statement } from 'better-sqlite3';
import type { LogPages } from '../paged-log-store';
import type { EventFilter, ReadAllOptions, RecordedEvent } from '../port';
import { ROW_JSON } from './event-rows';
import { filterClauses } from './filter-clauses';
import { pagedIterable } from './paged-iterable';
import type { RecentEvents } from './recent-events';
import { guarded } from './sqlite-errors';

const PAGE_SIZE = 1_000;

/**
 * Reads of the global log, for `readAll` and subscriptions. Unfiltered pages of what this process
 * appended last come from memory (`RecentEvents`); statements are cached per filter shape.
 */
export function logReads(
  db: Database,
  decode: (json: string) => RecordedEvent,
  recent: RecentEvents,
): Omit<LogPages, 'byIds'> {
  const headStatement = db.prepare<[], number | null>('SELECT max(position) FROM events').pluck();
  const pageStatements = new Map<string, Statement<unknown[], string>>();

  function head(): bigint {
    return BigInt(guarded(() => headStatement.get()) ?? 0);
  }

  function page(
    after: bigint,
    upTo: bigint,
    filter: EventFilter | undefined,
    until: string | undefined,
    limit: number,
  ): RecordedEvent[] {
    if (filter === undefined && until === undefined) {
      const fromMemory = recent.page(after, upTo, limit);
      if (fromMemory) return fromMemory;
    }
    const params: unknown[] = [after, upTo];
    const sql = `SELECT ${ROW_JSON} FROM events WHERE position > ? AND position <= ?${filterClauses(filter, until, params)} ORDER BY position LIMIT ?`;
    params.push(limit);
    let statement = pageStatements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[], string>(sql).pluck();
      pageStatements.set(sql, statement);
    }
    return guarded(() => statement.all(...params)).map(decode);
  }

  function readAll(options: ReadAllOptions): AsyncIterable<RecordedEvent> {
    const upTo = head();
    const start = { after: options.after ?? 0n, remaining: options.limit ?? Infinity };
    return pagedIterable(start, ({ after, remaining }) => {
      const limit = Math.min(PAGE_SIZE, remaining);
      const items = limit > 0 ? page(after, upTo, options.filter, options.until, limit) : [];
      const last = items.at(-1);
      return {
        items,
        next:
          items.length === limit && last
            ? { after: last.position, remaining: remaining - items.length }
            : undefined,
      };
    });
  }

  const countStatements = new Map<string, Statement<unknown[], number>>();
  function count(filter: EventFilter | undefined, until: string | undefined): number {
    const params: unknown[] = [];
    // Order does not matter to a count: `type IN` lets the (type, position) index answer it.
    let sql = 'SELECT count(*) FROM events WHERE 1';
    if (filter?.eventTypes) {
      sql += ` AND type IN (${filter.eventTypes.map(() => '?').join(', ') || 'NULL'})`;
      params.push(...filter.eventTypes);
    }
    sql += filterClauses(
      filter?.streamPrefixes ? { streamPrefixes: filter.streamPrefixes } : undefined,
      until,
      params,
    );
    let statement = countStatements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[], number>(sql).pluck();
      countStatements.set(sql, statement);
    }
    return guarded(() => statement.get(...params)) ?? 0;
  }

  return { head, page, readAll, count };
}
