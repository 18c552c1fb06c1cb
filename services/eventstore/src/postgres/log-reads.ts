import type { Pool } from 'pg';
import type { LogPages } from '../paged-log-store';
import type { EventFilter, ReadAllOptions, RecordedEvent } from '../port';
import type { EventRow } from '../event-rows';
import { COLUMNS } from './event-rows';
import { filterSql } from './filter-sql';
import { named } from './named-queries';
import { guarded } from './postgres-errors';

const PAGE_SIZE = 1_000;

/**
 * Reads of the global log, for `readAll`, subscriptions and keyed writes. Positions are visible
 * in order (taken under the append lock until commit), so a page up to a head read before it
 * holds every event up to there.
 */
export function logReads(
  pool: Pool,
  decode: (row: EventRow) => RecordedEvent,
): LogPages & { head(): Promise<bigint> } {
  const rows = (text: string, values: unknown[]) =>
    guarded(async () => (await pool.query<EventRow>(named(text, values))).rows);

  async function head(): Promise<bigint> {
    const [row] = await guarded(
      async () =>
        (await pool.query<[string]>(named('SELECT coalesce(max(position), 0) FROM events', [])))
          .rows,
    );
    return BigInt(row![0]);
  }

  async function page(
    after: bigint,
    upTo: bigint,
    filter: EventFilter | undefined,
    until: string | undefined,
    limit: number,
  ): Promise<RecordedEvent[]> {
    const params: unknown[] = [after, upTo, limit];
    const where = filterSql(filter, until, params);
    const text = `SELECT ${COLUMNS} FROM events WHERE position > $1 AND position <= $2${where} ORDER BY position LIMIT $3`;
    return (await rows(text, params)).map(decode);
  }

  function readAll(options: ReadAllOptions): AsyncIterable<RecordedEvent> {
    const upTo = head();
    upTo.catch(() => undefined); // rejected on the first read, not before anyone reads
    return (async function* () {
      const end = await upTo;
      let after = options.after ?? 0n;
      let remaining = options.limit ?? Infinity;
      while (remaining > 0) {
        const limit = Math.min(PAGE_SIZE, remaining);
        const events = await page(after, end, options.filter, options.until, limit);
        yield* events;
        if (events.length < limit) return;
        after = events.at(-1)!.position;
        remaining -= events.length;
      }
    })();
  }

  async function count(filter: EventFilter | undefined, until: string | undefined) {
    const params: unknown[] = [];
    const text = `SELECT count(*) FROM events WHERE true${filterSql(filter, until, params)}`;
    const [row] = await guarded(async () => (await pool.query<[string]>(named(text, params))).rows);
    return Number(row![0]);
  }

  async function byIds(ids: readonly string[]): Promise<RecordedEvent[]> {
    const text = `SELECT ${COLUMNS} FROM events WHERE id = ANY($1::text[]) ORDER BY position`;
    return (await rows(text, [ids])).map(decode);
  }

  return { head, page, readAll, count, byIds };
}
